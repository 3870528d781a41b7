import type { DemoCollection, DemoImage, DemoProduct, DemoSiteData } from '../seed/demo-data.js';
import type { FormInput } from '../forms/form-queries.js';
import type { SceneKind } from '../seed/demo-art.js';
import { fractionDigits } from '../../shared/money.js';

export interface StarterInput {
  siteId: string;
  slug: string;
  title: string;
  language: string;
  currency: string;
  timeZone: string;
  starter: 'store' | 'portfolio';
}

export interface StarterContent {
  data: DemoSiteData;
  forms: FormInput[];
}

type Lang = 'en' | 'ja';

/** Texts of the starter pages, per language (Japanese for `ja-*`, English otherwise). */
const T = {
  en: {
    home: 'Home',
    welcome: (t: string) => `Welcome to ${t}`,
    intro:
      '<p>This is your new website. Replace this text with a few words about what you make and who it is for.</p>',
    shopCta: 'Browse the shop',
    workCta: 'See the work',
    fresh: 'New in the shop',
    latest: 'From the blog',
    shop: 'Shop',
    shopDesc: 'A few sample products to get you started. Edit them or add your own.',
    blog: 'Blog',
    blogDesc: 'News, stories and notes.',
    work: 'Work',
    workDesc: 'Selected projects.',
    about: 'About',
    aboutHtml: (t: string) =>
      `<h1>About ${esc(t)}</h1><p>Tell visitors who you are, how you work and what makes you different. A short story and a photo go a long way.</p>`,
    contact: 'Contact',
    contactHtml:
      '<h1>Get in touch</h1><p>Questions, orders or a project in mind? Send a message and we will reply soon.</p>',
    footer: (t: string) => `<p><strong>${esc(t)}</strong> · Made with care.</p>`,
    nfTitle: 'Page not found',
    nfHeading: 'This page is not here',
    nfText: '<p>The address may be mistyped, or the page may have moved.</p>',
    nfCta: 'Go to the home page',
    postTitle: 'Hello, world',
    postExcerpt: '<p>Our first post: what this website is about, and what comes next.</p>',
    postBody:
      '<p>Welcome to our new website. This is a first post to show how the blog looks: edit it, or write your own in the dashboard under Pages.</p><h2>What comes next</h2><p>New work, behind-the-scenes notes and news, a few times a month.</p>',
    author: 'The team',
    quote: 'Good work takes time, and the right tools.',
    products: [
      { title: 'Classic Mug', price: 24, body: 'A sturdy everyday mug.' },
      {
        title: 'Serving Bowl',
        price: 48,
        body: 'Wide enough for salads and fruit.',
      },
      { title: 'Gift Box', price: 65, body: 'A mug, a bowl and a card, boxed.' },
    ],
    sizes: ['Small', 'Large'],
    size: 'Size',
    work1: 'Morning light',
    work2: 'Studio shelf',
    work3: 'Coastline',
    work4: 'Hills at dusk',
    formName: 'Contact',
    fields: { name: 'Name', email: 'Email', message: 'Message' },
    thanks: '<p>Thank you! We will get back to you soon.</p>',
    send: 'Send',
    storeSub: 'Online store',
    portfolioSub: 'Portfolio',
  },
  ja: {
    home: 'ホーム',
    welcome: (t: string) => `${t} へようこそ`,
    intro:
      '<p>新しいウェブサイトができました。この文章を、あなたが作っているものや伝えたいことに書き換えてください。</p>',
    shopCta: 'ショップを見る',
    workCta: '作品を見る',
    fresh: '新着商品',
    latest: 'ブログ',
    shop: 'ショップ',
    shopDesc: 'サンプル商品です。編集するか、新しい商品を追加してください。',
    blog: 'ブログ',
    blogDesc: 'お知らせと日々のこと。',
    work: '作品',
    workDesc: 'これまでの作品から。',
    about: '私たちについて',
    aboutHtml: (t: string) =>
      `<h1>${esc(t)} について</h1><p>どんな人が、どんな思いで作っているのかを紹介しましょう。短い物語と写真が一枚あるだけで伝わります。</p>`,
    contact: 'お問い合わせ',
    contactHtml:
      '<h1>お問い合わせ</h1><p>ご質問やご注文、ご相談はこちらからどうぞ。折り返しご連絡いたします。</p>',
    footer: (t: string) => `<p><strong>${esc(t)}</strong></p>`,
    nfTitle: 'ページが見つかりません',
    nfHeading: 'お探しのページは見つかりませんでした',
    nfText: '<p>アドレスが間違っているか、ページが移動した可能性があります。</p>',
    nfCta: 'ホームへ戻る',
    postTitle: 'はじめまして',
    postExcerpt: '<p>最初の投稿です。このサイトのこと、これからのこと。</p>',
    postBody:
      '<p>新しいウェブサイトを公開しました。ブログの見え方を確かめるための最初の投稿です。編集するか、ダッシュボードから新しい記事を書いてください。</p>',
    author: 'スタッフ',
    quote: 'よい仕事には、時間とよい道具が必要です。',
    products: [
      {
        title: '定番マグカップ',
        price: 2400,
        body: '毎日使える丈夫なマグカップです。',
      },
      {
        title: '取り鉢',
        price: 4800,
        body: 'サラダや果物にちょうどよい大きさです。',
      },
      {
        title: 'ギフトボックス',
        price: 6500,
        body: 'マグと鉢とカードの詰め合わせ。',
      },
    ],
    sizes: ['小', '大'],
    size: 'サイズ',
    work1: '朝の光',
    work2: '工房の棚',
    work3: '海岸線',
    work4: '夕暮れの丘',
    formName: 'お問い合わせ',
    fields: { name: 'お名前', email: 'メールアドレス', message: 'メッセージ' },
    thanks: '<p>ありがとうございます。折り返しご連絡いたします。</p>',
    send: '送信',
    storeSub: 'オンラインストア',
    portfolioSub: 'ポートフォリオ',
  },
};

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A price in the currency's minor units. The texts carry dollar-sized amounts in English and
 * yen-sized ones in Japanese; both are scaled to what the currency counts in (¥2,400, $24.00).
 */
function minor(amount: number, currency: string, lang: Lang): number {
  const units = lang === 'ja' ? amount / 100 : amount;
  const digits = fractionDigits(currency);
  return Math.round(units * (digits === 0 ? 100 : 10 ** digits));
}

const PALETTES: Record<'store' | 'portfolio', [string, string, string, string]> = {
  store: ['#f4ede3', '#e3d3bf', '#b5653f', '#c9b08c'],
  portfolio: ['#eef0f2', '#cfd6dd', '#2f4858', '#8a9ba8'],
};

/**
 * A new website's starter content (issue 16): home, about, contact with a form, a blog with a
 * first post, and either a shop with three sample products (store themes) or a work gallery
 * (portfolio themes), in the site's language and currency. Shaped as a demo data file, so the
 * seed's one writer (`insertSite`) puts it in; ids are the website's own (`{siteId}-…`).
 */
export function starterContent(input: StarterInput): StarterContent {
  const lang: Lang = input.language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
  const t = T[lang];
  const id = (s: string) => `${input.siteId}-${s}`;
  const palette = PALETTES[input.starter];
  const scene = (name: string, kind: SceneKind, alt: string, w = 2000, h = 1200): DemoImage => ({
    id: id(name),
    title: alt,
    alt,
    width: w,
    height: h,
    art: { scene: kind, palette },
  });
  const images: DemoImage[] = [
    scene('hero', input.starter === 'store' ? 'table' : 'hills', t.welcome(input.title)),
    scene('post', 'shelf', t.postTitle, 1600, 1000),
  ];
  const store = input.starter === 'store';
  const products: DemoProduct[] = [];
  const gallery: DemoSiteData['gallery'] = [];
  if (store) {
    const objects = ['mug', 'bowl', 'box'] as const;
    const glazes = [
      ['#4f7f86', '#9cc3c4'],
      ['#8fa58a', '#cfdcc8'],
      ['#b5653f', '#e2a27f'],
    ] as const;
    t.products.forEach((p, i) => {
      const imageId = id(`product-${i + 1}`);
      images.push({
        id: imageId,
        title: p.title,
        alt: p.title,
        width: 1200,
        height: 1200,
        art: {
          object: objects[i]!,
          glaze: glazes[i]![0],
          glaze2: glazes[i]![1],
          background: ['#f3efe6', '#dcd3c2'],
        },
      });
      const price = minor(p.price, input.currency, lang);
      const variants =
        i === 0
          ? t.sizes.map((size, k) => ({
              id: id(`variant-${i + 1}-${k + 1}`),
              sku: `SKU-${i + 1}-${k + 1}`,
              attributes: { [t.size]: size },
              priceCents: price + k * minor(lang === 'ja' ? 400 : 4, input.currency, lang),
              qtyInStock: 20,
            }))
          : [
              {
                id: id(`variant-${i + 1}`),
                sku: `SKU-${i + 1}`,
                attributes: {},
                priceCents: price,
                qtyInStock: 10,
              },
            ];
      products.push({
        id: id(`product-${i + 1}`),
        urlId: `product-${i + 1}`,
        title: p.title,
        image: imageId,
        excerpt: `<p>${esc(p.body)}</p>`,
        body: `<p>${esc(p.body)}</p>`,
        covers: [],
        product: {
          productType: 1,
          variantOptionOrdering: i === 0 ? [t.size] : [],
          variants,
        },
      });
    });
  } else {
    const works: [string, SceneKind][] = [
      [t.work1, 'table'],
      [t.work2, 'shelf'],
      [t.work3, 'marsh'],
      [t.work4, 'hills'],
    ];
    works.forEach(([title, kind], i) => {
      const imageId = id(`work-${i + 1}`);
      images.push(scene(`work-${i + 1}`, kind, title, 1500, 1500));
      gallery.push({ id: imageId, urlId: `work-${i + 1}`, title, image: imageId });
    });
  }

  const collections: DemoCollection[] = [
    {
      id: id('home'),
      urlId: '',
      title: t.home,
      type: 10,
      kind: 'page',
      navIndex: null,
      sections: [
        {
          id: 'hero',
          layout: 'hero',
          tone: 'dark',
          backgroundImageId: id('hero'),
          blocks: [
            { id: 'h1', type: 3, text: t.welcome(input.title), level: 1, align: 'center' },
            { id: 'h2', type: 2, html: t.intro },
            {
              id: 'h3',
              type: 53,
              label: store ? t.shopCta : t.workCta,
              url: store ? '/shop' : '/work',
              style: 'primary',
              align: 'center',
            },
          ],
        },
        {
          id: 'featured',
          layout: 'default',
          tone: 'light',
          blocks: store
            ? [{ id: 'p1', type: 44, collectionId: id('shop'), limit: 3, title: t.fresh }]
            : [
                {
                  id: 'g1',
                  type: 8,
                  assetIds: gallery.map((g) => g.id),
                  design: 'grid',
                  thumbnailsPerRow: 4,
                  lightbox: true,
                },
              ],
        },
        {
          id: 'quote',
          layout: 'default',
          tone: 'accent',
          blocks: [{ id: 'q1', type: 31, text: t.quote }],
        },
        {
          id: 'journal',
          layout: 'default',
          tone: 'light',
          blocks: [{ id: 'j1', type: 17, collectionId: id('blog'), limit: 3, title: t.latest }],
        },
      ],
    },
    store
      ? {
          id: id('shop'),
          urlId: 'shop',
          title: t.shop,
          description: t.shopDesc,
          type: 13,
          kind: 'products',
          navIndex: 0,
        }
      : {
          id: id('work'),
          urlId: 'work',
          title: t.work,
          description: t.workDesc,
          type: 15,
          kind: 'gallery',
          navIndex: 0,
          settings: {
            design: 'grid',
            thumbnailsPerRow: 2,
            padding: 24,
            aspectRatio: '1:1',
            lightbox: true,
            showMeta: true,
          },
        },
    {
      id: id('blog'),
      urlId: 'blog',
      title: t.blog,
      description: t.blogDesc,
      type: 1,
      kind: 'blog',
      navIndex: 1,
    },
    {
      id: id('about'),
      urlId: 'about',
      title: t.about,
      type: 10,
      kind: 'page',
      navIndex: 2,
      sections: [
        {
          id: 's1',
          layout: 'default',
          tone: 'light',
          blocks: [
            { id: 'b1', type: 2, html: t.aboutHtml(input.title) },
            { id: 'b2', type: 5, assetId: id('post') },
          ],
        },
      ],
    },
    {
      id: id('contact'),
      urlId: 'contact',
      title: t.contact,
      type: 10,
      kind: 'page',
      navIndex: 3,
      sections: [
        {
          id: 's1',
          layout: 'default',
          tone: 'light',
          blocks: [
            { id: 'b1', type: 2, html: t.contactHtml },
            { id: 'b2', type: 9, formId: 'contact' },
          ],
        },
      ],
    },
    {
      id: id('footer'),
      urlId: '_footer',
      title: 'Footer',
      type: 10,
      kind: 'footer',
      navIndex: null,
      sections: [
        {
          id: 'f1',
          layout: 'default',
          tone: 'light',
          blocks: [{ id: 'fa', type: 2, html: t.footer(input.title) }],
        },
      ],
    },
    {
      id: id('not-found'),
      urlId: '_not-found',
      title: t.nfTitle,
      type: 10,
      kind: 'not-found',
      navIndex: null,
      sections: [
        {
          id: 'nf',
          layout: 'default',
          tone: 'light',
          blocks: [
            { id: 'na', type: 3, text: t.nfHeading, level: 1, align: 'center' },
            { id: 'nb', type: 2, html: t.nfText },
            { id: 'nc', type: 53, label: t.nfCta, url: '/', align: 'center' },
          ],
        },
      ],
    },
  ];

  const data: DemoSiteData = {
    site: {
      id: input.siteId,
      slug: input.slug,
      title: input.title,
      description: store ? t.storeSub : t.portfolioSub,
      language: input.language,
      currency: input.currency,
      timeZone: input.timeZone,
      minimumOrderSubtotalCents: 0,
      multipleQuantityAllowedForServices: true,
      navigation: [store ? 'shop' : 'work', 'blog', 'about', 'contact', ...(store ? ['cart'] : [])],
    },
    defaults: { merchandising: {}, installment: {} },
    images,
    collections,
    products,
    posts: [
      {
        id: id('post-1'),
        urlId: lang === 'ja' ? 'hajimemashite' : 'hello-world',
        title: t.postTitle,
        image: id('post'),
        excerpt: t.postExcerpt,
        body: t.postBody,
        author: t.author,
        daysAgo: 0,
        likeCount: 0,
        publicCommentCount: 0,
        commentState: 1,
      },
    ],
    gallery,
  };
  const forms: FormInput[] = [
    {
      id: 'contact',
      name: t.formName,
      fields: [
        { id: 'name', type: 'name', label: t.fields.name, required: true },
        { id: 'email', type: 'email', label: t.fields.email, required: true },
        {
          id: 'message',
          type: 'textarea',
          label: t.fields.message,
          required: true,
          maxLength: 2000,
        },
      ],
      submissionMessage: t.thanks,
      submitLabel: t.send,
      captchaEnabled: true,
    },
  ];
  return { data, forms };
}
