/** Back-office calls send exactly their declared body: the admin schemas refuse the shopper's locale fields. */
export const ADMIN = { withLocale: false } as const;
