/** How the mail log shows a mail's delivery: the text key and the badge tone of each state. */
import { keyUnder } from '@/lib/translator';
import type { MailLogRow } from '@/lib/contract/admin/mail';

export const MAIL_STATUS_TONE: Record<MailLogRow['status'], string> = {
  sent: 'tone-success',
  kept: '',
  sending: 'tone-pending',
  failed: 'tone-error',
};

export const mailStatusKey = (status: MailLogRow['status']) => keyUnder('admin.mail.status.', status);
