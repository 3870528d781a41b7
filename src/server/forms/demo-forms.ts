import type { Db } from '../db/database.js';
import type { FormFieldDef } from '../../shared/forms/types.js';
import { findSiteById } from '../sites/site-queries.js';
import { saveForm, type FormInput } from './form-queries.js';

/**
 * The English demo's contact form (issue 14): what a small studio shop asks, not one field of
 * every type (that coverage lives in the Workshop Booking's form below and, on a page, in the
 * tests' fixture `everyFieldType()` in ./every-field-fixture.ts).
 */
function contactFields(): FormFieldDef[] {
  return [
    { id: 'name', type: 'name', label: 'Name', required: true },
    { id: 'email', type: 'email', label: 'Email', required: true, placeholder: 'you@example.com' },
    {
      id: 'phone',
      type: 'phone',
      label: 'Phone (optional)',
      description: 'If a call is easier, we will ring you.',
    },
    {
      id: 'topic',
      type: 'select',
      label: 'Topic',
      options: ['Order', 'Product', 'Wholesale', 'Other'],
    },
    { id: 'subject', type: 'text', label: 'Subject', maxLength: 120 },
    {
      id: 'message',
      type: 'textarea',
      label: 'Message',
      required: true,
      maxLength: 500,
      description: 'If it is about an order, its number helps us find it.',
    },
    { id: 'source', type: 'hidden', label: 'Source', name: 'source', value: 'website' },
  ];
}

/**
 * The Workshop Booking product's form (issue 14): what a small studio asks before a workshop, and
 * between them one field of every SPEC 3.6 type. Its id stays `form-product-custom`, the agreed
 * id of the every-type product form (docs/contracts.md).
 */
export function workshopBookingFields(): FormFieldDef[] {
  return [
    { id: 'name', type: 'name', label: 'Your name', required: true },
    { id: 'email', type: 'email', label: 'Email', required: true, placeholder: 'you@example.com' },
    {
      id: 'phone',
      type: 'phone',
      label: 'Mobile number',
      description: 'We text only if the day has to change.',
    },
    {
      id: 'address',
      type: 'address',
      label: 'Postal address',
      description: 'Where we post your fired pieces if you cannot collect them.',
    },
    {
      id: 'section-about',
      type: 'section',
      label: 'About you',
      description: 'So we can have the right clay, tools and lunch ready.',
    },
    {
      id: 'experience',
      type: 'select',
      label: 'Clay experience',
      options: ['Never touched clay', 'A class or two', 'I make pots regularly'],
    },
    {
      id: 'hand',
      type: 'radio',
      label: 'Which hand do you throw with?',
      options: ['Right', 'Left'],
      description: 'We set your wheel to spin the comfortable way.',
    },
    {
      id: 'dietary',
      type: 'checkbox',
      label: 'Dietary needs for lunch',
      options: ['Vegetarian', 'Vegan', 'Gluten-free', 'Nut allergy'],
    },
    {
      id: 'confidence',
      type: 'likert',
      label: 'Your confidence',
      description: 'How sure do you feel about each of these? It helps us pitch the day.',
      questions: ['Centring clay', 'Pulling walls', 'Glazing'],
    },
    {
      id: 'section-collection',
      type: 'section',
      label: 'Collecting your pieces',
      description: 'They are fired and ready about three weeks after the workshop.',
    },
    { id: 'collect-date', type: 'date', label: 'Preferred collection date' },
    { id: 'collect-time', type: 'time', label: 'Preferred collection time' },
    {
      id: 'guest',
      type: 'text',
      label: 'Booking for someone else? Their name',
      maxLength: 120,
    },
    {
      id: 'message',
      type: 'textarea',
      label: 'Anything we should know?',
      maxLength: 500,
      description: 'Access needs, allergies, or what you would like to make.',
    },
    { id: 'source', type: 'hidden', label: 'Source', name: 'source', value: 'website' },
  ];
}

/** The Personalised Name Mug's form: the name to letter and, if wanted, a short message. */
export function nameMugFields(): FormFieldDef[] {
  return [
    {
      id: 'name',
      type: 'text',
      label: 'Name',
      required: true,
      maxLength: 120,
      description: 'Lettered by hand on the front; up to about 20 characters fit.',
    },
    {
      id: 'message',
      type: 'textarea',
      label: 'Message (optional)',
      maxLength: 80,
      description: 'A few words for the back, such as a date.',
    },
  ];
}

const demoForms = (): FormInput[] => [
  {
    id: 'form-contact',
    name: 'Contact',
    fields: contactFields(),
    submissionMessage: '<p>Thank you! We will get back to you soon.</p>',
    disclaimer: '<p>We only use your details to answer your message.</p>',
    submitLabel: 'Send',
    captchaEnabled: true,
  },
];

/**
 * The Japanese demo's forms (issue 14: the store reads Japanese throughout): a contact form a
 * Japanese shop would ask (お名前 family name first, 電話番号, ご用件, お問い合わせ内容) and the
 * newsletter its home and contact pages show.
 */
const JP_FORMS: FormInput[] = [
  {
    id: 'form-contact',
    name: 'お問い合わせ',
    fields: [
      { id: 'name', type: 'name', label: 'お名前', required: true },
      {
        id: 'email',
        type: 'email',
        label: 'メールアドレス',
        required: true,
        placeholder: 'you@example.jp',
      },
      { id: 'phone', type: 'phone', label: '電話番号' },
      {
        id: 'topic',
        type: 'select',
        label: 'ご用件',
        options: ['ご注文について', '商品について', '教室・イベントについて', 'その他'],
      },
      { id: 'subject', type: 'text', label: '件名', maxLength: 120 },
      {
        id: 'message',
        type: 'textarea',
        label: 'お問い合わせ内容',
        required: true,
        maxLength: 500,
        description: 'ご注文番号があればお書き添えください。',
      },
      { id: 'source', type: 'hidden', label: 'Source', name: 'source', value: 'website' },
    ],
    submissionMessage: '<p>ありがとうございます。2営業日以内にご返信いたします。</p>',
    disclaimer: '<p>いただいた情報はお問い合わせへの回答にのみ使用します。</p>',
    submitLabel: '送信する',
    captchaEnabled: true,
  },
  {
    id: 'form-newsletter',
    name: 'ニュースレター',
    kind: 'newsletter',
    fields: [{ id: 'email', type: 'email', label: 'メールアドレス', required: true }],
    submissionMessage: '<p>ご登録ありがとうございます。</p>',
    disclaimer:
      '<p>新入荷やイベントのお知らせを月に一度お届けします。配信はいつでも停止できます。</p>',
    submitLabel: '登録する',
    captchaEnabled: false,
  },
];

/**
 * Demo forms: contact, newsletter and two products' custom forms (workshop booking, name mug) on
 * `site-demo`; contact and newsletter on `site-jp`.
 */
// Shaped as seed/domain-demos.ts' DemoSeeder (not imported: that module imports this one).
export const seedDemoForms = async ({
  db,
  say,
}: {
  db: Db;
  say: (m: string) => void;
}): Promise<void> => {
  if (await findSiteById(db, 'site-demo')) {
    for (const f of demoForms()) await saveForm(db, 'site-demo', f);
    await saveForm(db, 'site-demo', {
      id: 'form-newsletter',
      name: 'Newsletter',
      kind: 'newsletter',
      fields: [
        { id: 'email', type: 'email', label: 'Email Address', required: true },
        { id: 'name', type: 'name', label: 'Name' },
      ],
      submissionMessage: '<p>Thank you for signing up!</p>',
      disclaimer: '<p>We respect your privacy. Unsubscribe at any time.</p>',
      submitLabel: 'Sign Up',
      captchaEnabled: false,
    });
    await saveForm(db, 'site-demo', {
      id: 'form-product-custom',
      name: 'Workshop booking',
      kind: 'product',
      fields: workshopBookingFields(),
      submitLabel: 'Add To Cart',
    });
    await saveForm(db, 'site-demo', {
      id: 'form-name-mug',
      name: 'Personalise your mug',
      kind: 'product',
      fields: nameMugFields(),
      submitLabel: 'Add To Cart',
    });
    say('Demo forms: form-contact, form-newsletter, form-product-custom, form-name-mug');
  }
  if (await findSiteById(db, 'site-jp')) {
    for (const f of JP_FORMS) await saveForm(db, 'site-jp', f);
  }
};
