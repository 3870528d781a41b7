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

const demoForms = (lang: 'en' | 'ja'): FormInput[] => [
  {
    id: 'form-contact',
    name: lang === 'ja' ? 'お問い合わせ' : 'Contact',
    fields: everyFieldType({ messageMax: 500 }),
    submissionMessage:
      lang === 'ja'
        ? '<p>ありがとうございます。折り返しご連絡いたします。</p>'
        : '<p>Thank you! We will get back to you soon.</p>',
    disclaimer:
      lang === 'ja'
        ? '<p>いただいた情報はお問い合わせへの回答にのみ使用します。</p>'
        : '<p>We only use your details to answer your message.</p>',
    submitLabel: lang === 'ja' ? '送信' : 'Send',
    captchaEnabled: true,
  },
];

/** Demo forms: contact, newsletter and a product's custom form on `site-demo`; contact on `site-jp`. */
// Shaped as seed/domain-demos.ts' DemoSeeder (not imported: that module imports this one).
export const seedDemoForms = async ({
  db,
  say,
}: {
  db: Db;
  say: (m: string) => void;
}): Promise<void> => {
  if (await findSiteById(db, 'site-demo')) {
    for (const f of demoForms('en')) await saveForm(db, 'site-demo', f);
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
    for (const f of demoForms('ja')) await saveForm(db, 'site-jp', f);
  }
};
