/**
 * Field limits of the contact form (accounts spec §5 Contact): the column sizes of
 * contact_messages, and the message capped to keep the support mail readable. The form checks
 * them (after trimming) and the server's zod schema refuses longer values.
 */
export const CONTACT_LIMITS = { name: 96, surname: 96, email: 254, topic: 191, message: 5000 } as const;
