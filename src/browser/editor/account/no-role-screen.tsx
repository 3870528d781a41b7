import type { EditorBoot } from '../boot.js';
import { routeFromHash } from '../routes.js';
import './account.css';

/**
 * Where "Create your first website" goes: the websites screen's address (issue 16's websites
 * part). The button shows only once that screen exists (`routeFromHash` knows the address), so
 * this branch and that one merge without either showing a dead link.
 */
export const CREATE_WEBSITE_HREF = '#/websites';

/** Screens an owner with no role on this website may still open (their own account). */
export const NO_ROLE_ROUTES: ReadonlySet<string> = new Set(['security', 'websites', 'website-new']);

/**
 * /config for a signed-in owner without a role on this website (a new account after sign-up,
 * or a member who was removed): says so plainly instead of screens that would all answer 403,
 * and offers what they can do — create a website, ask for an invitation, secure the account.
 */
export function NoRoleScreen({ boot }: { boot: EditorBoot }) {
  const canCreate = routeFromHash(CREATE_WEBSITE_HREF).name !== 'not-found';
  return (
    <section className="ed-section ed-no-role" aria-labelledby="no-role-title">
      <h1 id="no-role-title" tabIndex={-1}>
        Welcome
      </h1>
      <p>
        You are signed in as <strong>{boot.email}</strong>, but you do not have access to{' '}
        <strong>{boot.siteTitle || 'this website'}</strong>.
      </p>
      <p className="ed-note">
        {canCreate
          ? 'Create a website of your own, or ask an administrator of this one to invite you.'
          : 'Ask an administrator of this website to invite you: the invitation gives you a role here.'}
      </p>
      <div className="ed-account-actions">
        {canCreate && (
          <a className="ed-button ed-button-primary" href={CREATE_WEBSITE_HREF}>
            Create your first website
          </a>
        )}
        <a className="ed-button" href="#/security">
          Account security
        </a>
      </div>
    </section>
  );
}
