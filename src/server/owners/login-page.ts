import { ACCOUNT_PAGES } from '../../shared/accounts/api.js';
import { crumbForm, field, renderAuthPage } from './auth-page.js';

export { LOGIN_SCRIPT } from './auth-page.js';

/**
 * The sign-in page. It works without JavaScript: a plain form post carrying the crumb the server
 * wrote into it, so the page is per visitor and must be served `no-store`.
 *
 * `step: 'code'` is the second step of a two-step sign-in (issue 16): the code field, with the
 * sealed first step in a hidden field; the password is not asked again, nor said to be right.
 * `unverified` adds a "send the link again" button for an account whose address is unverified.
 */
export function renderLoginPage(opts: {
  error?: string | undefined;
  notice?: string | undefined;
  email?: string;
  next: string;
  crumb: string;
  siteTitle?: string;
  step?: 'password' | 'code';
  challenge?: string;
  unverified?: boolean;
  /** Whether this server lets anyone sign up (shows 'Create an account'). */
  signupOpen?: boolean;
}): string {
  if (opts.step === 'code') {
    return renderAuthPage({
      title: 'Two-step sign-in',
      siteTitle: opts.siteTitle,
      intro: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      error: opts.error,
      body: crumbForm(
        ACCOUNT_PAGES.login,
        opts.crumb,
        { next: opts.next, challenge: opts.challenge ?? '' },
        field(
          'code',
          'Code',
          'type="text" class="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="20" autofocus',
          '',
          'Lost your phone? Type a recovery code (like abcde-fghij) instead.',
        ) + '<button type="submit">Verify and sign in</button>',
        { id: 'login-form', describedBy: Boolean(opts.error) },
      ),
      links: [['Start over', `${ACCOUNT_PAGES.login}?next=${encodeURIComponent(opts.next)}`]],
    });
  }
  const resend = opts.unverified
    ? crumbForm(
        `${ACCOUNT_PAGES.verify}/resend`,
        opts.crumb,
        { email: opts.email ?? '' },
        '<p class="help">No mail from us, or the link expired?</p><button type="submit" class="quiet" id="resend-verification">Send the link again</button>',
      )
    : '';
  const links: [string, string][] = [['Forgot password?', ACCOUNT_PAGES.forgot]];
  if (opts.signupOpen) links.push(['Create an account', ACCOUNT_PAGES.signup]);
  return renderAuthPage({
    title: 'Sign in to your website',
    siteTitle: opts.siteTitle,
    error: opts.error,
    notice: opts.notice,
    body:
      crumbForm(
        ACCOUNT_PAGES.login,
        opts.crumb,
        { next: opts.next },
        field(
          'email',
          'Email',
          'type="email" autocomplete="username" required maxlength="256"',
          opts.email ?? '',
        ) +
          field(
            'password',
            'Password',
            'type="password" autocomplete="current-password" required maxlength="1024"',
          ) +
          '<button type="submit">Sign in</button>',
        { id: 'login-form', describedBy: Boolean(opts.error) },
      ) + resend,
    links,
  });
}
