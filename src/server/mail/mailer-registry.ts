import type { AppDeps } from '../deps.js';
import { createMailer, type Mailer } from './mailer.js';

const mailers = new WeakMap<AppDeps, Mailer>();

/** How often one process (a recurring job) looks for outbox rows due for delivery. */
export const MAIL_OUTBOX_POLL_MS = 15_000;

/**
 * The app's one mailer (created on first use from SMTP_URL; closed when the app closes, see
 * mail/routes.ts). Forms and restock share it so bulk sends reuse the pooled connections.
 */
export function mailerFor(
  deps: AppDeps,
  log?: { warn: (obj: unknown, msg?: string) => void },
): Mailer {
  let mailer = mailers.get(deps);
  if (!mailer) {
    mailer = createMailer({
      db: deps.db,
      smtpUrl: deps.config.smtpUrl,
      from: deps.config.mailFrom,
      now: deps.now,
      // Due rows left by a crash or waiting for a retry: the 'mail-outbox' job (mail/routes.ts).
      pollMs: 0,
      ...(log ? { log } : {}),
    });
    mailers.set(deps, mailer);
  }
  return mailer;
}

/** Closes the app's mailer if one was made (finishes in-flight deliveries first). */
export async function closeMailerFor(deps: AppDeps): Promise<void> {
  const mailer = mailers.get(deps);
  if (mailer) {
    mailers.delete(deps);
    await mailer.close();
  }
}
