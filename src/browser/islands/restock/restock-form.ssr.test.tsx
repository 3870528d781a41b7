import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import RestockForm, { restockErrorMessage } from './restock-form.js';
import { ApiError } from '../../lib/api.js';
import type { RestockFormProps } from '../../../shared/restock/types.js';

const props: RestockFormProps = {
  itemId: 'mug',
  variantId: 'mug-s',
  messages: {
    buttonText: 'Notify Me',
    CTAText: 'Get notified when this item is back in stock.',
    placeholderText: 'Email Address',
    mailingListDescription: 'Also sign up for our newsletter',
  },
  mailingListSignUpEnabled: true,
  mailingListOptInByDefault: true,
  captcha: { provider: 'altcha' },
};

describe('restock-form island (server render)', () => {
  it('renders a labelled email field, the texts, the checkbox and the bot check', () => {
    const html = renderToString(<RestockForm {...props} />);
    expect(html).toContain('Get notified when this item is back in stock.');
    expect(html).toMatch(/<label[^>]*for="([^"]+)-email"[^>]*>Email Address<\/label>/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*placeholder="Email Address"/);
    expect(html).toMatch(/type="checkbox"[^>]*checked=""/);
    expect(html).toContain('Also sign up for our newsletter');
    expect(html).toContain('data-captcha-provider="altcha"');
    // Disabled until hydrated, so a native submit never puts the address in a URL.
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Notify Me<\/button>/);
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('aria-live="assertive"');
  });

  it('leaves the checkbox out when mailing-list sign-up is off, unchecked when not opted in', () => {
    expect(
      renderToString(<RestockForm {...props} mailingListSignUpEnabled={false} />),
    ).not.toContain('type="checkbox"');
    const html = renderToString(<RestockForm {...props} mailingListOptInByDefault={false} />);
    expect(html).toContain('type="checkbox"');
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
  });

  it("shows the server's message, else the SPEC fallback", () => {
    const body = {
      error: { code: 'EMAIL_INVALID', message: 'Email is invalid' },
      message: 'Email is invalid',
    };
    expect(restockErrorMessage(new ApiError(400, 'EMAIL_INVALID', 'x', body))).toBe(
      'Email is invalid',
    );
    expect(restockErrorMessage(new ApiError(500, 'HTTP_500', 'Please try again.', 'oops'))).toBe(
      'Unable to submit form. Please try again later.',
    );
    expect(restockErrorMessage(new ApiError(429, 'RATE_LIMITED', 'x', {}))).toBe(
      'Please try again in a few seconds.',
    );
    expect(restockErrorMessage(new Error('boom'))).toBe(
      'Unable to submit form. Please try again later.',
    );
  });
});
