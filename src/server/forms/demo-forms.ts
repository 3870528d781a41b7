import type { Db } from '../db/database.js';
import type { FormFieldDef } from '../../shared/forms/types.js';
import { findSiteById } from '../sites/site-queries.js';
import { saveForm, type FormInput } from './form-queries.js';

/** One field of every SPEC 3.6 type (the contact form). */
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

/**
 * Demo forms: contact, newsletter and two products' custom forms (workshop booking, name mug) on
 * `site-demo`; contact on `site-jp`.
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
    for (const f of demoForms('ja')) await saveForm(db, 'site-jp', f);
  }
};
