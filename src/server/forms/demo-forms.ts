import type { Db } from '../db/database.js';
import type { FormFieldDef } from '../../shared/forms/types.js';
import { findSiteById } from '../sites/site-queries.js';
import { saveForm, type FormInput } from './form-queries.js';

/** One field of every SPEC 3.6 type (the product form and the contact form share them). */
function everyFieldType(opts: { messageMax: number }): FormFieldDef[] {
  return [
    { id: 'name', type: 'name', label: 'Name', required: true },
    { id: 'email', type: 'email', label: 'Email', required: true, placeholder: 'you@example.com' },
    { id: 'phone', type: 'phone', label: 'Phone' },
    { id: 'address', type: 'address', label: 'Address' },
    { id: 'section-details', type: 'section', label: 'A few details', description: 'Optional.' },
    { id: 'date', type: 'date', label: 'Preferred date' },
    { id: 'time', type: 'time', label: 'Preferred time' },
    { id: 'topic', type: 'select', label: 'Topic', options: ['Order', 'Product', 'Other'] },
    { id: 'contact-by', type: 'radio', label: 'Contact me by', options: ['Email', 'Phone'] },
    {
      id: 'interests',
      type: 'checkbox',
      label: 'Interests',
      options: ['Ceramics', 'Textiles', 'Prints'],
    },
    {
      id: 'survey',
      type: 'likert',
      label: 'Your experience',
      questions: ['The shop was easy to use', 'Delivery was quick'],
    },
    { id: 'subject', type: 'text', label: 'Subject', maxLength: 120 },
    {
      id: 'message',
      type: 'textarea',
      label: 'Message',
      required: true,
      maxLength: opts.messageMax,
      description: 'How can we help?',
    },
    { id: 'source', type: 'hidden', label: 'Source', name: 'source', value: 'website' },
  ];
}

const demoForms = (): FormInput[] => [
  {
    id: 'form-contact',
    name: 'Contact',
    fields: everyFieldType({ messageMax: 500 }),
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

/** Demo forms: contact, newsletter and a product's custom form on `site-demo`; contact and newsletter on `site-jp`. */
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
      name: 'Personalise your order',
      kind: 'product',
      fields: everyFieldType({ messageMax: 200 }).map((f) =>
        f.id === 'message' ? { ...f, label: 'Engraving text', required: false } : f,
      ),
      submitLabel: 'Add To Cart',
    });
    say('Demo forms: form-contact, form-newsletter, form-product-custom');
  }
  if (await findSiteById(db, 'site-jp')) {
    for (const f of JP_FORMS) await saveForm(db, 'site-jp', f);
  }
};
