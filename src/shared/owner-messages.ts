/**
 * Texts only owners see (/config, owner mail): kept apart from `Messages`, in a module of
 * their own, so the visitors' islands, which import `Messages`, do not carry them (a bundle
 * chunk holds whole modules). Our own texts; `{…}` are filled by the server.
 */
export const OwnerMessages = {
  INVALID_CREDENTIALS: 'The email or password is incorrect.',
  SIGN_IN_REQUIRED: 'Please sign in to continue.',
  ORDER_ACTION_INVALID: 'This order cannot be changed that way.',
  REFUND_TOO_LARGE: 'A refund cannot be more than what was paid and not yet refunded.',
  WEBHOOK_SIGNATURE_INVALID: 'The webhook signature is not valid.',
  CHECKOUT_SETTINGS_INVALID:
    'Some checkout settings are not valid. Please check the highlighted fields.',
  DISCOUNT_INVALID: 'Some discount details are not valid. Please check the highlighted fields.',
  DISCOUNT_CODE_TAKEN: 'Another discount already uses this code.',
  SUBSCRIPTION_ACTION_INVALID: 'This subscription cannot be changed that way.',
  EVENT_INVALID: 'The event does not match its schema.',
  EVENT_SCHEMA_UNKNOWN: 'There is no event schema with that name.',
  // The owner's editor (issue 12). SPEC 5.7 / 8.7 texts; `{…}` are filled by the server.
  PRODUCT_INVALID: 'Some product details are not valid. Please check the highlighted fields.',
  PRODUCT_CONFLICT:
    'Someone else saved this product while you were editing. Reload it to see their changes, then make yours again.',
  TAG_ONE_AT_A_TIME: 'You may only edit one {tagType} at a time',
  TAG_EXISTS: 'This {tagType} already exists',
  DATASET_NO_ROWS: 'Your dataset must have at least one row',
  DATASET_NO_COLUMNS: 'Your dataset must have at least one column',
  DATASET_TRUNCATED_ROWS: 'Your dataset has been truncated to {maxRows} rows',
  DATASET_TRUNCATED_COLUMNS: 'Your dataset has been truncated to {maxColumns} columns',
  DATASET_MISSING_DATA: 'One or more rows was missing data',
  FILE_NAME_REQUIRED: 'Please enter a file name',
  FILE_TOO_LARGE: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  FILE_TYPE_UNSUPPORTED:
    'The file {fileName} does not appear to be a supported {fileTypeMessage}file.',
  UPLOAD_FAILED_TITLE: 'Unable to Upload File',
  UPLOAD_FAILED: 'There was a problem while uploading your file.',
  RENAME_FAILED_TITLE: 'Unable to Rename File',
  RENAME_FAILED: 'There was a problem while renaming your file.',
  MAILING_LIST_REQUIRED: 'A List must be selected',
  NO_MAILING_LISTS: "You don't have any mailing lists. Please create one before continuing",
  EMAIL_SUBJECT_REQUIRED: 'Add an email subject',
  EDITOR_EMAIL_INVALID: 'Please enter a valid email',
  EDITOR_EMAIL_NO_AT: 'Emails must be formatted as an address with @',
  NOT_AN_OPTION: '{val} is not one of the expected options',
  FORM_DEFINITION_INVALID: 'Some form settings are not valid. Please check the highlighted fields.',
  MEDIA_IN_USE:
    'This file is used on your site and cannot be deleted. Remove it from the items listed first.',
  PAGE_URL_INVALID: '{val} is not a valid page URL',
  MAILING_LIST_IN_USE:
    'This list is connected to the form {formName}. Connect that form to another list first.',
  MAILING_LIST_NAME_TAKEN: 'A list with this name already exists',
  WEBHOOK_URL_INVALID: 'Enter an https:// address the submissions can be sent to',
  FIELD_ID_TAKEN: 'Two fields have this id. Each field needs its own.',
  // The page builder and item editor (issue 13).
  CONTENT_INVALID: 'Some details are not valid. Please check the highlighted fields.',
  CONTENT_CONFLICT:
    'Someone else saved this while you were editing. Reload to see their changes, then make yours again.',
  CONTENT_LOCKED: 'This page is locked.',
  SLUG_TAKEN: 'Another page already uses this URL. Choose another.',
  PAGE_NOT_DELETABLE: 'This page is part of your site and cannot be deleted.',
  FOLDER_NOT_EMPTY: 'Move or delete the pages in this folder first.',
  HUE_OUT_OF_BOUNDS: 'Hue out of bounds.',
  SATURATION_OUT_OF_BOUNDS: 'Saturation out of bounds.',
  LIGHTNESS_OUT_OF_BOUNDS: 'Lightness out of bounds.',
  ALPHA_OUT_OF_BOUNDS: 'Alpha out of bounds.',
  HSL_VALUE_MISSING: 'Missing an H/S/L value.',
  LINK_FORMAT: 'Links must be formatted as {host} or {host}',
  // Accounts, websites, team and developer mode (issue 16).
  SIGNUP_DISABLED: 'Sign-up is not open on this server. Ask an owner to invite you.',
  EMAIL_TAKEN: 'An account with this email already exists. Sign in instead.',
  PASSWORD_TOO_WEAK: 'Use a password of at least 10 characters.',
  TOKEN_INVALID: 'This link is not valid or has expired. Ask for a new one.',
  EMAIL_NOT_VERIFIED: 'Please verify your email first: open the link we sent you.',
  TOTP_REQUIRED: 'Enter the 6-digit code from your authenticator app.',
  TOTP_INVALID: 'That code is not right. Try the current code or a recovery code.',
  WEBSITE_SLUG_TAKEN: 'Another website already uses this address. Choose another.',
  WEBSITE_INVALID: 'Some website details are not valid. Please check the highlighted fields.',
  THEME_UNKNOWN: 'There is no theme with that name.',
  DOMAIN_TAKEN: 'Another website already uses this domain.',
  DOMAIN_INVALID: 'Enter a domain name such as shop.example.com.',
  IMPORT_INVALID: 'This file is not a website export, or it is damaged.',
  MEMBER_EXISTS: 'This person is already on the team.',
  LAST_ADMIN:
    'A website needs at least one administrator. Make someone else an administrator first.',
  ROLE_INVALID: 'That role cannot be given here.',
  DEVELOPER_MODE_OFF: 'Turn on developer mode to edit the theme.',
  TEMPLATE_ERRORS: 'The theme has errors. The live site keeps its last good version.',
  THEME_FILE_INVALID: 'Theme files must be templates, blocks, partials, CSS or the settings file.',
  // Template helpers for theme authors (issue 16; docs/templates.md): collected as template
  // errors for the developer, never shown to visitors. SPEC 5.7 gives the rules; the texts are ours
  // except the colour ones above and the money sentence, which are SPEC 5.7's.
  IMAGE_LOADER_UNKNOWN: "Image loader must be 'sqs', 'raw', 'vimeo' or 'youtube'.",
  IMAGE_WIDTH_INVALID: 'Image width must be a positive integer.',
  IMAGE_HEIGHT_INVALID: 'Image height must be a positive integer.',
  IMAGE_SIZES_REQUIRED: "Image sizes are required with the 'sqs' loader.",
  IMAGE_SRCSET_NOT_ALLOWED: "Image srcset is allowed only with the 'raw' loader.",
  IMAGE_FORMAT_NOT_ALLOWED: "Image format is allowed only with the 'vimeo' or 'youtube' loaders.",
  IMAGE_FORMAT_INVALID: "Image format must be 'jpg' or 'webp'.",
  IMAGE_VIDEO_ID_REQUIRED: "A video id is required with the 'youtube' loader.",
  IMAGE_SRC_REQUIRED: "Image src is required unless the loader is 'youtube'.",
  MESSAGE_PLURAL_NO_OTHER: "A plural form needs an 'other' case.",
  MESSAGE_PLURAL_NOT_NUMBER: 'A plural argument must be a number.',
  MESSAGE_SYNTAX: 'The message cannot be read: {detail}.',
  MONEY_FREE_LABEL_REQUIRED: 'Money display requires a free label when free-if-zero is on.',
  FONT_UNKNOWN: "There is no bundled font '{id}'.",
  // SPEC 8.6 (time-since with an invalid date).
  INVALID_DATE: 'Invalid date.',
  // Accounts (issue 16): the code step of a two-step sign-in, which never says which part failed.
  SIGN_IN_CODE_FAILED: 'The password or the code is not right. Please sign in again.',
  SIGN_IN_EXPIRED: 'Signing in took too long. Please enter your email and password again.',
  // Team (issue 16): accepting an invite for an address that already has an account.
  INVITE_PASSWORD_NEEDED: 'This email already has an account: enter its password to join.',
} as const;
