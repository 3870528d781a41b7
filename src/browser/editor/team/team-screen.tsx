import { useState, type FormEvent } from 'react';
import { Role } from '../../../shared/enums.js';
import { INVITABLE_ROLES } from '../../../shared/team/permissions.js';
import {
  TeamApi,
  type InviteJson,
  type MemberJson,
  type MembersJson,
} from '../../../shared/team/members.js';
import type { EditorBoot } from '../boot.js';
import { editorFetch } from '../editor-fetch.js';
import { formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import { roleAbilities, roleLabel } from './role-text.js';
import './team.css';

/**
 * `#/team` (issue 16): who has a role on this website, pending invites, and the invite form.
 * Every change answers with the whole list, which replaces what is shown.
 */
export function TeamScreen({ boot }: { boot: EditorBoot }) {
  const state = useLoad(
    (signal) => editorFetch<MembersJson>(TeamApi.members(boot.siteId), { signal }),
    'team',
  );
  const [list, setList] = useState<MembersJson | null>(null);
  const [note, setNote] = useState<{ text: string; bad?: boolean } | null>(null);
  // After a change, its answer is the list to show (no second request).
  const shown = list ? { status: 'ready' as const, data: list, reload: state.reload } : state;

  /** Runs a change; its answer (the new list) is shown at once. */
  const act = async (run: () => Promise<MembersJson>, done: string): Promise<boolean> => {
    setNote(null);
    try {
      setList(await run());
      setNote({ text: done });
      return true;
    } catch (err) {
      setNote({ text: actionFailureText(err), bad: true });
      return false;
    }
  };

  return (
    <>
      <ScreenHeading
        title="Team"
        intro={`People who can work on ${boot.siteTitle}, and what each may do.`}
      />
      <InviteForm
        onInvite={(email, role) =>
          act(
            () =>
              editorFetch<MembersJson>(TeamApi.members(boot.siteId), {
                method: 'POST',
                json: { email, role },
              }),
            `Invite sent to ${email}.`,
          )
        }
      />
      <p
        role="status"
        className={note?.bad ? 'ed-team-note ed-team-note-bad' : 'ed-team-note'}
        aria-live="polite"
      >
        {note?.text}
      </p>
      <LoadView state={shown}>
        {(d) => (
          <>
            <section className="ed-section" aria-labelledby="team-members">
              <h2 id="team-members">
                Members <span className="ed-team-count">{d.members.length}</span>
              </h2>
              <ul className="ed-team-list">
                {d.members.map((m) => (
                  <MemberRow
                    key={m.id}
                    member={m}
                    onRole={(role) =>
                      act(
                        () =>
                          editorFetch<MembersJson>(TeamApi.member(boot.siteId, m.id), {
                            method: 'PUT',
                            json: { role },
                          }),
                        `${m.email} is now ${roleLabel(role).toLowerCase()}.`,
                      )
                    }
                    onRemove={() =>
                      act(
                        () =>
                          editorFetch<MembersJson>(TeamApi.member(boot.siteId, m.id), {
                            method: 'DELETE',
                          }),
                        `${m.email} was removed from the team.`,
                      )
                    }
                  />
                ))}
              </ul>
            </section>
            <section className="ed-section" aria-labelledby="team-invites">
              <h2 id="team-invites">
                Pending invites <span className="ed-team-count">{d.invites.length}</span>
              </h2>
              {d.invites.length === 0 ? (
                <p className="ed-muted">No pending invites.</p>
              ) : (
                <ul className="ed-team-list">
                  {d.invites.map((i) => (
                    <InviteRow
                      key={i.id}
                      invite={i}
                      onResend={() =>
                        act(
                          () =>
                            editorFetch<MembersJson>(TeamApi.resend(boot.siteId, i.id), {
                              method: 'POST',
                            }),
                          `A new invite was sent to ${i.email}.`,
                        )
                      }
                      onRevoke={() =>
                        act(
                          () =>
                            editorFetch<MembersJson>(TeamApi.member(boot.siteId, i.id), {
                              method: 'DELETE',
                            }),
                          `The invite to ${i.email} was revoked.`,
                        )
                      }
                    />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </LoadView>
    </>
  );
}

function RoleSelect({
  id,
  value,
  onChange,
  disabled,
  label,
}: {
  id: string;
  value: number;
  onChange: (role: number) => void;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <select
      id={id}
      className="ed-input ed-team-role-select"
      value={value}
      disabled={disabled}
      aria-label={label}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {INVITABLE_ROLES.map((r) => (
        <option key={r} value={r}>
          {roleLabel(r)}
        </option>
      ))}
    </select>
  );
}

function InviteForm({ onInvite }: { onInvite: (email: string, role: number) => Promise<boolean> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<number>(Role.EDITOR);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    if (await onInvite(email.trim(), role)) setEmail('');
    setBusy(false);
  };
  return (
    <section className="ed-section ed-team-invite" aria-labelledby="team-invite">
      <h2 id="team-invite">Invite someone</h2>
      <form onSubmit={(e) => void submit(e)} className="ed-team-invite-form">
        <div className="ed-team-field ed-team-field-email">
          <label htmlFor="invite-email">Email</label>
          <input
            id="invite-email"
            className="ed-input"
            type="email"
            required
            maxLength={256}
            autoComplete="off"
            placeholder="name@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="ed-team-field">
          <label htmlFor="invite-role">Role</label>
          <RoleSelect id="invite-role" value={role} onChange={setRole} />
        </div>
        <button type="submit" className="ed-button ed-button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send invite'}
        </button>
      </form>
      <p className="ed-small ed-muted ed-team-abilities" id="invite-role-help">
        {roleLabel(role)} can: {roleAbilities(role).toLowerCase()}. The link in the mail works once,
        for 7 days.
      </p>
    </section>
  );
}

function MemberRow({
  member,
  onRole,
  onRemove,
}: {
  member: MemberJson;
  onRole: (role: number) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const run = async (f: () => Promise<boolean>) => {
    setBusy(true);
    await f();
    setBusy(false);
    setAsking(false);
  };
  const offered = INVITABLE_ROLES.includes(member.role);
  return (
    <li className="ed-team-row">
      <div className="ed-team-who">
        <span className="ed-team-avatar" aria-hidden="true">
          {(member.displayName || member.email).charAt(0).toUpperCase()}
        </span>
        <div>
          <strong>{member.displayName || member.email}</strong>
          {member.you && <span className="ed-pill ed-team-you">You</span>}
          <div className="ed-small ed-muted ed-team-email">{member.email}</div>
        </div>
      </div>
      <div className="ed-team-role">
        <span className={`ed-pill ed-team-badge ed-team-badge-${member.role}`}>
          {roleLabel(member.role)}
        </span>
        <span className="ed-small ed-muted">{roleAbilities(member.role)}</span>
      </div>
      <div className="ed-team-actions">
        {offered && (
          <RoleSelect
            id={`role-${member.id}`}
            label={`Role of ${member.email}`}
            value={member.role}
            disabled={busy}
            onChange={(r) => void run(() => onRole(r))}
          />
        )}
        {asking ? (
          <>
            <button
              type="button"
              className="ed-button ed-button-danger"
              disabled={busy}
              onClick={() => void run(onRemove)}
            >
              Remove {member.you ? 'yourself' : ''}
            </button>
            <button type="button" className="ed-button" onClick={() => setAsking(false)}>
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            className="ed-button"
            aria-label={`Remove ${member.email}`}
            onClick={() => setAsking(true)}
          >
            Remove…
          </button>
        )}
      </div>
    </li>
  );
}

function InviteRow({
  invite,
  onResend,
  onRevoke,
}: {
  invite: InviteJson;
  onResend: () => Promise<boolean>;
  onRevoke: () => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<boolean>) => {
    setBusy(true);
    await f();
    setBusy(false);
  };
  return (
    <li className="ed-team-row">
      <div className="ed-team-who">
        <span className="ed-team-avatar ed-team-avatar-pending" aria-hidden="true">
          @
        </span>
        <div>
          <strong>{invite.email}</strong>
          <div className="ed-small ed-muted">
            {invite.invitedBy ? `Invited by ${invite.invitedBy} · ` : ''}
            {invite.expired
              ? 'the link has expired'
              : `link works until ${formatDateTime(Date.parse(invite.expiresAt))}`}
          </div>
        </div>
      </div>
      <div className="ed-team-role">
        <span className={`ed-pill ed-team-badge ed-team-badge-${invite.role}`}>
          {roleLabel(invite.role)}
        </span>
        {invite.expired ? (
          <span className="ed-pill ed-pill-bad">Expired</span>
        ) : (
          <span className="ed-pill ed-pill-warn">Pending</span>
        )}
      </div>
      <div className="ed-team-actions">
        <button
          type="button"
          className="ed-button"
          disabled={busy}
          aria-label={`Resend the invite to ${invite.email}`}
          onClick={() => void run(onResend)}
        >
          Resend
        </button>
        <button
          type="button"
          className="ed-button ed-button-danger"
          disabled={busy}
          aria-label={`Revoke the invite to ${invite.email}`}
          onClick={() => void run(onRevoke)}
        >
          Revoke
        </button>
      </div>
    </li>
  );
}
