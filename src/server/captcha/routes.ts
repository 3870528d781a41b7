import type { DomainRoutes } from '../deps.js';
import { ALTCHA_CHALLENGE_PATH } from '../../shared/forms/captcha.js';
import { createAltchaChallenge } from './altcha.js';

/** Bot-check routes (registered by the forms domain): ALTCHA challenges for this website. */
export const captchaRoutes: DomainRoutes = async (app, deps) => {
  app.get(
    ALTCHA_CHALLENGE_PATH,
    { config: { rateLimit: { max: 60, timeWindow: 60_000 } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return createAltchaChallenge({
        secret: deps.config.secret,
        siteId: req.site.id,
        now: deps.now(),
      });
    },
  );
};
