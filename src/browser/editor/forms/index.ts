// The 'Forms & mail' screens: one chunk, fetched when the owner opens any of them.
export { FormsHome } from './forms-home.js';
export { FormBuilderScreen } from './form-builder.js';
export { InboxScreen } from './inbox-screen.js';
export { MailingListsScreen } from './mailing-lists-screen.js';
