import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import FormBlock from './form-block.js';
import NewsletterBlock from './newsletter-block.js';
import { widgetSize } from './captcha/recaptcha.js';
import type { FormDefinitionJson } from '../../../shared/forms/types.js';

const form: FormDefinitionJson = {
  id: 'form-contact',
  name: 'Contact',
  kind: 'form',
  submitLabel: 'Send',
  disclaimer: '<p>Owner text</p>',
  captcha: { enabled: true, provider: 'altcha' },
  fields: [
    { id: 'name', type: 'name', label: 'Name', required: true },
    { id: 'phone', type: 'phone', label: 'Phone' },
    { id: 'message', type: 'textarea', label: 'Message <b>', maxLength: 500 },
    { id: 'notes', type: 'textarea', label: 'Notes' },
    { id: 'topic', type: 'select', label: 'Topic', options: ['A'] },
    { id: 'lk', type: 'likert', label: 'Survey', questions: ['Q'] },
    { id: 'sec', type: 'section', label: 'Section' },
    { id: 'src', type: 'hidden', label: 'Source' },
  ],
};

describe('form islands render on the server', () => {
  it('renders every field with labels, the counter and the data-form-id', () => {
    const html = renderToString(<FormBlock form={form} pageContext={{}} />);
    expect(html).toContain('data-form-id="form-contact"');
    expect(html).toContain('First Name');
    expect(html).toContain('Message &lt;b&gt;');
    expect(html).toContain('0 / 500');
    expect(html.match(/form-counter/g)).toHaveLength(1); // no counter without a max length
    expect(html).toContain('Select Value');
    expect(html).toContain('Strongly Disagree');
    expect(html).toContain('name="website_url"');
    expect(html).toContain('data-captcha-provider="altcha"');
    expect(html).not.toContain('name="src"'); // hidden values are read at submit
    expect(html.match(/name="phone\./g)).toHaveLength(3);
    expect(html).toContain('>Send</button>');
  });

  it('renders the newsletter variant', () => {
    const html = renderToString(
      <NewsletterBlock
        form={{ ...form, kind: 'newsletter', captcha: { enabled: false, provider: 'altcha' } }}
        pageContext={{}}
      />,
    );
    expect(html).toContain('data-kind="newsletter"');
    expect(html).not.toContain('form-captcha');
  });

  it('gives two forms rendered as separate islands different element ids (labels find their own field)', () => {
    const contact = renderToString(<FormBlock form={form} pageContext={{}} />);
    const newsletter = renderToString(
      <NewsletterBlock
        form={{ ...form, id: 'form-newsletter', kind: 'newsletter' }}
        pageContext={{}}
      />,
    );
    const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids(contact).length).toBeGreaterThan(5);
    expect(ids(contact).filter((id) => ids(newsletter).includes(id))).toEqual([]);
    expect(contact).toMatch(
      /<label for="(f-form-contact[^"]*-message)">[\s\S]*<textarea[^>]* id="\1"/,
    );
  });

  it('uses the compact captcha below 320 px (SPEC 9.1)', () => {
    expect(widgetSize(319)).toBe('compact');
    expect(widgetSize(320)).toBe('normal');
    expect(widgetSize(0)).toBe('normal');
  });
});
