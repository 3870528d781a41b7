import type { FormFieldDef } from '../../shared/forms/types.js';

/**
 * Tests only (issue 14): one field of every SPEC 3.6 type, as the demo contact form had before
 * it became the form a real shop asks. Tests that need every type in a form block on a page
 * put it there in their own set-up (e2e/every-field-form.ts); the Workshop Booking product's
 * form (demo-forms.ts) covers every type in the product custom form. Never seeded.
 */
export function everyFieldType(opts: { messageMax: number } = { messageMax: 500 }): FormFieldDef[] {
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
