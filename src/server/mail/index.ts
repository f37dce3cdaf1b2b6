export { type MailMessage, type Mailer, type MailerOptions, closeMailTransports, createMailer } from './transport';
export {
  MAIL_RETRY_INTERVAL_MS,
  MAX_MAIL_ATTEMPTS,
  type MailRetryOptions,
  type RetryOptions,
  type SendMailOptions,
  type SendMailResult,
  defaultMailer,
  retryDue,
  retryUnsentMail,
  sendMail,
  startMailRetry,
} from './mailer';
export {
  type LinkMailOptions,
  type MailBlock,
  type MailContent,
  type MailLayoutOptions,
  escapeHtml,
  fileTranslator,
  mailLocale,
  renderMailLayout,
  renderPasswordResetMail,
  renderVerificationMail,
} from './templates';
