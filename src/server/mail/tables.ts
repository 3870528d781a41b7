// The mail domain declares its tables here.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MailTables {}
