import { ACCOUNT_PAGES, MIN_PASSWORD_LENGTH } from '../../shared/accounts/api.js';
import { crumbForm, field, renderAuthPage } from './auth-page.js';

/**
 * The account pages besides sign-in (issue 16), in the sign-in page's card. Each is a plain
 * form posting to its own address with the crumb, so they work without JavaScript.
 */
interface PageBase {
  crumb: string;
  siteTitle?: string;
  error?: string | undefined;
}

const newPassword = (label: string) =>
  field(
    'password',
    label,
    `type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="1024"`,
    '',
    `At least ${MIN_PASSWORD_LENGTH} characters.`,
  );

export function renderSignupPage(o: PageBase & { email?: string; closed?: boolean }): string {
  if (o.closed)
    return renderAuthPage({
      title: 'Create an account',
      siteTitle: o.siteTitle,
      error: o.error,
      links: [['Sign in', ACCOUNT_PAGES.login]],
    });
  return renderAuthPage({
    title: 'Create an account',
    siteTitle: o.siteTitle,
    intro: 'Start building your website. We will email you a link to confirm your address.',
    error: o.error,
    body: crumbForm(
      ACCOUNT_PAGES.signup,
      o.crumb,
      {},
      field(
        'email',
        'Email',
        'type="email" autocomplete="email" required maxlength="256"',
        o.email ?? '',
      ) +
        newPassword('Password') +
        '<button type="submit">Create account</button>',
      { id: 'signup-form', describedBy: Boolean(o.error) },
    ),
    links: [['Already have an account? Sign in', ACCOUNT_PAGES.login]],
  });
}

/** After sign-up, "Forgot password?" and a resent link: the same words whatever the address. */
export function renderCheckEmailPage(o: {
  siteTitle?: string;
  email: string;
  what: 'verify' | 'reset';
}): string {
  const intro =
    o.what === 'verify'
      ? `We sent a link to ${o.email}. Open it to confirm your address and finish creating your account. It works for 48 hours.`
      : `If ${o.email} has an account, we sent it a link to choose a new password. It works for 1 hour.`;
  return renderAuthPage({
    title: 'Check your email',
    siteTitle: o.siteTitle,
    intro,
    body: '<p class="help">No mail after a few minutes? Look in your spam folder, or try again.</p>',
    links: [
      ['Back to sign in', ACCOUNT_PAGES.login],
      o.what === 'verify'
        ? ['Use another address', ACCOUNT_PAGES.signup]
        : ['Try again', ACCOUNT_PAGES.forgot],
    ],
  });
}

/**
 * The verification link's landing page. Opening the link only asks: the button posts the
 * token, so mail scanners that fetch links do not use it up (or sign anyone in).
 */
export function renderVerifyPage(o: PageBase & { token: string }): string {
  if (!o.token)
    return renderAuthPage({
      title: 'Confirm your email',
      siteTitle: o.siteTitle,
      error: o.error ?? 'This link is not complete. Open the link from the mail again.',
      links: [['Back to sign in', ACCOUNT_PAGES.login]],
    });
  return renderAuthPage({
    title: 'Confirm your email',
    siteTitle: o.siteTitle,
    intro: o.error ? undefined : 'One more step: confirm your address to open your dashboard.',
    error: o.error,
    body: o.error
      ? ''
      : crumbForm(
          ACCOUNT_PAGES.verify,
          o.crumb,
          { token: o.token },
          '<button type="submit">Confirm and continue</button>',
          { id: 'verify-form' },
        ),
    links: o.error
      ? [
          ['Sign in', ACCOUNT_PAGES.login],
          ['Create an account', ACCOUNT_PAGES.signup],
        ]
      : [['Back to sign in', ACCOUNT_PAGES.login]],
  });
}

export function renderForgotPage(o: PageBase & { email?: string }): string {
  return renderAuthPage({
    title: 'Reset your password',
    siteTitle: o.siteTitle,
    intro:
      'Enter the email address of your account and we will send you a link to choose a new password.',
    error: o.error,
    body: crumbForm(
      ACCOUNT_PAGES.forgot,
      o.crumb,
      {},
      field(
        'email',
        'Email',
        'type="email" autocomplete="email" required maxlength="256"',
        o.email ?? '',
      ) + '<button type="submit">Send reset link</button>',
      { id: 'forgot-form', describedBy: Boolean(o.error) },
    ),
    links: [['Back to sign in', ACCOUNT_PAGES.login]],
  });
}

/** The reset link's page: a new password; the token is used only when it is posted. */
export function renderResetPage(o: PageBase & { token: string }): string {
  if (!o.token)
    return renderAuthPage({
      title: 'Choose a new password',
      siteTitle: o.siteTitle,
      error: o.error ?? 'This link is not complete. Open the link from the mail again.',
      links: [['Ask for a new link', ACCOUNT_PAGES.forgot]],
    });
  return renderAuthPage({
    title: 'Choose a new password',
    siteTitle: o.siteTitle,
    intro: 'Every other browser signed in to your account will be signed out.',
    error: o.error,
    body: crumbForm(
      ACCOUNT_PAGES.reset,
      o.crumb,
      { token: o.token },
      newPassword('New password') + '<button type="submit">Save password</button>',
      { id: 'reset-form', describedBy: Boolean(o.error) },
    ),
    links: [
      ['Ask for a new link', ACCOUNT_PAGES.forgot],
      ['Back to sign in', ACCOUNT_PAGES.login],
    ],
  });
}
