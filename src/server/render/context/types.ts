import type {
  ItemRating,
  ProductReviewsJson,
  ReviewRequestPageJson,
} from '../../../shared/reviews/api.js';
import type { ItemSocial } from '../../../shared/comments/api.js';
import type { SiteHeaderSettings } from '../../../shared/content/site-api.js';
import type { DesignJson, PolicyLinkJson } from '../../content/site-design/styles-css.js';
import type { ProductGalleryProps } from '../../../shared/product/gallery.js';
import type {
  MerchandisingContextJson,
  MoneyJson,
  ProductItemJson,
  ProductJson,
  StoreSettingsJson,
} from '../../../shared/product/types.js';

/**
 * The template context in Squarespace's shape (DESIGN 8, SPEC 3.7/3.8). Templates read these
 * names and `?format=json` returns them, so they are a public contract: add, never rename.
 */
export interface WebsiteJson {
  id: string;
  identifier: string;
  siteTitle: string;
  siteDescription: string;
  language: string;
  timeZone: string;
  baseUrl: string;
  siteStatus: number;
  websiteType: number;
  developerMode: boolean;
  /** Epoch milliseconds. */
  createdOn: number;
  currency: string;
  tweaks: Record<string, string>;
  /** The tweaks as CSS custom properties, ready for the layout's `<style>`. */
  tweaksCss: string;
  /** Issue 13: saved site styles for the layout's head and logo (content/site-design/). */
  design: DesignJson;
  /** Issue 13: the footer's links to the written store policies. */
  policyLinks: PolicyLinkJson[];
  /** Issue 13: the header's layout, cart link and call-to-action button (Settings screen). */
  header: SiteHeaderSettings;
  /** Issue 14: the header shows an Account link (customer accounts on). */
  customerAccounts: boolean;
}

export interface WebsiteSettingsJson {
  timeZone: string;
  commentsEnabled: boolean;
  simpleLikingEnabled: boolean;
  shareButtonOptions: Record<string, boolean>;
  disqusShortname?: string;
  storeSettings: StoreSettingsJson;
  /** Only the public part: secret keys never reach a page. */
  captchaSettings: { provider: string; siteKey?: string };
}

export interface CollectionJson {
  id: string;
  title: string;
  description: string;
  urlId: string;
  fullUrl: string;
  type: number;
  typeName: string;
  folder: boolean;
  folderBehavior: number | null;
  /** Page collections: a heading block of level 1 or text with an `<h1>` (no page title added). */
  hasOwnHeading?: boolean;
  /** Layout pages (issue 13): their sections of blocks, each block with what its template needs. */
  sections?: SectionJson[];
  /** Folders whose behaviour is 'index': the pages in them. */
  folderPages?: { title: string; fullUrl: string }[];
  /** Gallery collections: SPEC 3.7 / 9.2 gallery design settings. */
  gallery?: GallerySettingsJson;
}

/** One band of a layout page (`shared/content/blocks.ts` PageSection), for the theme. */
export interface SectionJson {
  id: string;
  layout: 'default' | 'hero';
  tone: 'light' | 'dark' | 'accent';
  /** The page's first section: its images load eagerly (the LCP). */
  first: boolean;
  backgroundImage?: ImageJson;
  blocks: BlockJson[];
}

export interface BlockJson {
  id: string;
  /** SPEC 3.10 block type code (`BlockCode`). */
  type: number;
  /** 'text', 'image', 'product-list'… (`BLOCK_NAMES`), for `.equal? typeName "…"` and CSS. */
  typeName: string;
  /** The block as stored (`ContentBlock`). */
  data: object;
  image?: ImageJson;
  /** Gallery blocks: their images, and thumbnails per row (`gallery.thumbnailsPerRow`). */
  images?: ImageJson[];
  perRow?: number;
  /** Gallery blocks: the settings (as a gallery page's `collection.gallery`) and the images as
   * the entries `gallery-design.block` draws (title, excerpt, mainImage; no page of their own). */
  gallery?: GallerySettingsJson;
  entries?: { title: string; excerpt: string; fullUrl: string; mainImage: ImageJson }[];
  /** Product, product list and summary blocks: their items. */
  items?: ItemJson[];
  /** Summary blocks: the source collection's kind ('blog', 'events'). */
  source?: string;
  formIsland?: object;
  newsletterIsland?: object;
  productIsland?: object;
  /** Video blocks: the click-to-play facade's player and plain link. */
  video?: { provider: string; id: string; embedUrl: string; watchUrl: string };
  /** Map blocks: the place on OpenStreetMap (a link; no outside tiles are loaded). */
  mapUrl?: string;
  /** Social links blocks: each link with its network's display name. */
  links?: { network: string; url: string; label: string }[];
}

export type { GallerySettingsJson } from '../../../shared/gallery/gallery-settings.js';
import type { GallerySettingsJson } from '../../../shared/gallery/gallery-settings.js';

/** SPEC 3.7 image asset. `assetUrl` + `/{width}w.webp` is a file the image route serves. */
export interface ImageJson {
  id: string;
  assetUrl: string;
  originalSize: string;
  mediaFocalPoint: { x: number; y: number };
  altText: string;
  title: string;
  body: string;
  filename: string;
  colorData: Record<string, string>;
  systemDataVariants: string;
  width: number;
  height: number;
}

export interface LocationJson {
  addressTitle?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressCountry?: string;
  mapLat?: number;
  mapLng?: number;
}

export interface ItemJson {
  id: string;
  collectionId: string;
  urlId: string;
  fullUrl: string;
  title: string;
  excerpt: string;
  body: string;
  externalLink?: string;
  mainImageId?: string;
  systemDataId?: string;
  assetUrl?: string;
  mainImage?: ImageJson;
  items?: ImageJson[];
  recordType: number;
  recordTypeLabel: string;
  publishOn: number;
  addedOn: number;
  likeCount: number;
  /** Comments, like button and share links (issue 14; src/server/comments, docs/comments.md). */
  social?: ItemSocial;
  /** A product's published reviews in numbers, when the site has reviews on (docs/reviews.md). */
  rating?: ItemRating;
  /** The product page's reviews section (src/server/reviews, docs/reviews.md). */
  reviews?: ProductReviewsJson;
  publicCommentCount: number;
  commentState: number;
  /** SPEC 4.7 comments rule already applied, so templates need not repeat it. */
  commentsVisible: boolean;
  startDate?: number;
  endDate?: number;
  location?: LocationJson;
  categories: string[];
  tags: string[];
  author?: { displayName: string };
  starred: boolean;
  structuredContent?: ProductJson;
  /** Product pages with two images or more: `product-gallery` island props. */
  gallery?: ProductGalleryProps;
  /** Product items: `product-form` island props (page type pdp). */
  productIsland?: ProductIslandProps;
  /** Product items in lists: `grid-add-button` / `quick-view` island props (page type plp). */
  plpIsland?: ProductIslandProps;
  /** Product items: related products (item pages only). */
  relatedItems?: ItemJson[];
  /**
   * Product items: add-on products offered on the item page (SPEC 1.1), each with a
   * `productIsland` of page type 'add-on'. Absent when the product names none.
   */
  addOns?: ItemJson[];
}

export interface ProductIslandProps {
  item: ProductItemJson;
  merchandising: MerchandisingContextJson;
  store: StoreSettingsJson;
  locale: string;
  pageType: 'pdp' | 'plp' | 'add-on' | 'product_block';
  captcha: { provider: string; siteKey?: string };
  websiteId: string;
  /** Product blocks set to Express Checkout: the button adds, then goes on to checkout. */
  expressCheckout?: boolean;
  /** Colour options' swatch colours, value → CSS colour (`swatchColours`; issue 14). */
  swatches?: Record<string, string>;
}

export interface PaginationJson {
  pageSize: number;
  offset: number;
  nextPage: boolean;
  nextPageOffset?: number;
  nextPageUrl?: string;
  prevPage: boolean;
  prevPageOffset?: number;
  prevPageUrl?: string;
}

export interface NavigationLinkJson {
  title: string;
  urlId: string;
  fullUrl: string;
  active: boolean;
  /** A navigation folder: a dropdown of `children` (one level). */
  folder?: boolean;
  /**
   * A folder's own page can be visited (SPEC 4.7: no folder behaviour, index or redirect): the
   * theme links it at the top of the dropdown. A folder with behaviour none is a label only.
   */
  clickable?: boolean;
  children?: NavigationLinkJson[];
}

export interface TemplateErrorJson {
  file: string;
  /** 1-based line in `file`, when known (developer mode shows it). */
  line?: number | undefined;
  type: string;
  message: string;
}

export interface PageContext {
  website: WebsiteJson;
  websiteSettings: WebsiteSettingsJson;
  collection?: CollectionJson;
  item?: ItemJson;
  items?: ItemJson[];
  /**
   * Events lists (issue 14, Squarespace's names): this page's upcoming events, soonest first,
   * and its past events, most recent first. `items` is the two in that order.
   */
  upcoming?: ItemJson[];
  past?: ItemJson[];
  pagination?: PaginationJson;
  productMerchandisingContext: Record<string, MerchandisingContextJson>;
  localizedStrings: Readonly<Record<string, string>>;
  pageType: number;
  template: { name: string; file: string };
  navigation: NavigationLinkJson[];
  /** `<title>` and description of this page. */
  pageTitle: string;
  pageDescription: string;
  /** The path this page answers (no query), for canonical links. */
  requestPath: string;
  /** Search pages: the visitor's text (templates must escape it with `|html`). */
  search?: { query: string; resultCount: number };
  /** Active blog filters (`?tag=`, `?category=`). */
  filter?: { tag?: string; category?: string };
  cartIndicatorIsland: { locale: string; currency: string; labels?: Record<string, string> };
  /** schema.org JSON-LD for the page's head (product pages), already safe inside <script>. */
  structuredData?: string;
  /** /cart: the store's list page, for 'Continue shopping' (absent on a site without a shop). */
  continueShoppingUrl?: string;
  cartPageIsland?: { locale: string; currency: string; minimumOrderSubtotal: MoneyJson | null };
  /** `/checkout` (pageType 201): the checkout island's props; the cart is fetched by the island. */
  checkoutPageIsland?: {
    locale: string;
    currency: string;
    /** The subscription checkout (issue 15): the island pays this cart token's plan. */
    subscription?: { cartToken: string; planPhrase: string; cart: unknown };
  };
  /** `/checkout`'s heading in the site's language (checkout-texts.ts). */
  checkoutPageTitle?: string;
  /** `/checkout/giftcard` (issue 15): the gift card checkout island's props and heading. */
  giftCardPageIsland?: import('../../../shared/checkout/gift-cards.js').GiftCardPageProps;
  giftCardPageTitle?: string;
  /** The order confirmed (202) and order status (211) pages: the shopper's order, never cached. */
  orderPage?: OrderPageJson;
  /** The review request page (209, docs/reviews.md): the order's products to review, never cached. */
  reviewRequest?: ReviewRequestPageJson;
  /** The engine's commerce formatters format money with CLDR when this flag is on. */
  featureFlags: { useCLDRMoneyFormat: boolean };
  templateErrors?: TemplateErrorJson[];
  /** Definitions of the forms on this page (public fields only). */
  forms?: unknown[];
  /** The footer row's sections (issue 13), drawn in the layout's footer on every page. */
  footer?: { sections: SectionJson[] };
  /** The header's layout, cart link and button (`settings.header`). */
  siteHeader?: {
    layout: 'left' | 'center';
    showCart: boolean;
    button: { label: string; url: string } | null;
  };
  /** The 404 page: the owner's 404 row's sections, when it has any. */
  notFound?: { sections: SectionJson[] };
  /** The builder's preview frame: sections and blocks carry `data-section-id`/`data-block-id`. */
  previewMode?: boolean;
  /** A video block is on the page: its few lines of click-to-play script for the layout. */
  videoScript?: string;
  /** Password-protected pages (pageType 103): the lock screen's form. */
  lockScreen?: { path: string; crumb: string; error: string };
  /** Issue 14: a customer page (sign-in, account, members-only 106), built by customers/. */
  accountPage?: { kind: string; html: string };
  /** `/policies/{kind}`: the store's policy, HTML cleaned when saved (pages/policy.page). */
  policy?: { kind: string; title: string; html: string };
}

/** An order as `pages/order.page` shows it (orders/order-pages.ts): raw text, escaped there. */
export interface OrderViewJson {
  kind: 'confirmed' | 'status';
  heading: string;
  texts: Readonly<Record<string, string>>;
  orderNumber: string;
  email: string;
  testMode: boolean;
  cancelled: boolean;
  cancelledText: string;
  paymentStatus: string;
  paymentText: string;
  fulfillmentStatus: string;
  fulfillmentText: string;
  shipments: { carrier: string; trackingNumber: string }[];
  lines: {
    title: string;
    quantity: number;
    amount: string;
    details: { label: string; value: string }[];
  }[];
  totals: { label: string; amount: string }[];
  total: string;
  currency: string;
  /** '' when nothing was refunded. */
  /** Gift cards that paid part of it, then what was left (issue 15); empty when none. */
  payments: { label: string; amount: string }[];
  refunded: string;
  /** The manual provider's instructions while the order awaits payment; '' otherwise. */
  paymentInstructions: string;
  /** Envelope lines ending with the country's name. */
  shippingAddress: string[] | null;
  billingAddress: string[] | null;
  /** The signed status link, on the confirmed page only; '' otherwise. */
  statusUrl: string;
  /** Digital products' files: signed links, fresh on every visit (orders/downloads.ts). */
  downloads: { title: string; filename: string; url: string }[];
}

export type OrderPageJson =
  OrderViewJson | { notFound: true; heading: string; texts: Readonly<Record<string, string>> };
