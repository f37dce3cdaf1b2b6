import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from '../rules/review';
import { route } from './define';
import { amount, id, okBody } from './envelope';
import {
  contactBody,
  documentPasswordProblem as rule,
  documentTranslate as t,
  loginBody,
  newsletterBody,
  changePasswordBody,
  phoneFields,
  profileBody,
  registerForm,
  resetPasswordForm,
  resetRequestBody,
  reviewBody,
} from './forms';

/**
 * Accounts (accounts spec §3 User, §5 rules, §7; ADR 009): sign-in, registration, password
 * reset, email verification, the profile, and the forms of the frame (newsletter, contact) and
 * the product page (reviews). The request bodies are the fields as sent: the server checks them
 * in the shopper's language and answers every problem at once in the 422 shape.
 */

export const profileSchema = z.object({
  id,
  name: z.string(),
  surname: z.string(),
  full_name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  phone: z.string().nullable(),
  phoneCountryCode: z.string().nullable(),
  nationalNumber: z.string().nullable(),
  balance: amount,
  currency: z.string(),
  min_top_up_amount: amount,
  avatarUrl: z.string().nullable(),
  created_at: z.string(),
  country: z.object({ id, name: z.string(), iso: z.string() }).nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  post_code: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const reviewProductParam = z.object({
  id: z.string().regex(/^\d{1,9}$/, 'The product id must be a whole number.'),
});
export const reviewPageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'The page must be a whole number.')
    .transform(Number)
    .optional(),
});

export const reviewSchema = z.object({
  id,
  author: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  text: z.string().meta({ description: 'Plain text with &, <, > escaped (safe as HTML).' }),
  created_at: z.string(),
});
export type ReviewJson = z.infer<typeof reviewSchema>;

export const reviewSummarySchema = z.object({
  count: z.number().int(),
  average: z.number().nullable().meta({ description: 'One decimal; null without reviews.' }),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

const done = okBody(z.null());

const userReply = okBody(z.object({ user: profileSchema, token: z.string().optional() }));

export const accountRoutes = {
  isAuth: route({
    method: 'GET',
    path: '/api/is-auth',
    tag: 'Auth',
    access: 'public',
    summary: 'Whether the caller is signed in',
    response: z.object({ status: z.literal('OK'), authenticated: z.boolean(), emailVerified: z.boolean() }),
  }),
  login: route({
    method: 'POST',
    path: '/api/login',
    tag: 'Auth',
    access: 'public',
    summary: 'Sign in (a session; with device_name a bearer token)',
    body: loginBody(t),
    response: userReply,
    errors: [422],
    rateLimited: true,
  }),
  register: route({
    method: 'POST',
    path: '/api/register',
    tag: 'Auth',
    access: 'public',
    summary: 'Create an account (mails a verification link)',
    body: registerForm(t, rule).extend(phoneFields),
    response: userReply,
    status: 201,
    errors: [403, 422],
    rateLimited: true,
  }),
  logout: route({
    method: 'POST',
    path: '/api/logout',
    tag: 'Auth',
    access: 'public',
    summary: 'Sign out (revokes a bearer token)',
    response: done,
  }),
  resetRequest: route({
    method: 'POST',
    path: '/api/user/reset-password',
    tag: 'Auth',
    access: 'public',
    summary: 'Mail a password reset link (the same answer whether the address exists or not)',
    body: resetRequestBody(t),
    response: done,
    errors: [422],
    rateLimited: true,
  }),
  reset: route({
    method: 'POST',
    path: '/api/reset-password',
    tag: 'Auth',
    access: 'public',
    summary: 'Set a new password with the mailed token',
    body: resetPasswordForm(t, rule),
    response: done,
    errors: [422],
    rateLimited: true,
  }),
  resendVerification: route({
    method: 'POST',
    path: '/api/email/verify/resend',
    tag: 'Auth',
    access: 'session',
    summary: 'Mail the verification link again',
    // The flag, not the message (which is translated), says the address needs no link.
    response: okBody(z.object({ already_verified: z.boolean() })),
    rateLimited: true,
  }),
  verify: route({
    method: 'GET',
    path: '/api/email/verify/:id/:hash',
    tag: 'Auth',
    access: 'public',
    summary: 'The mailed verification link: redirects to the outcome page',
    params: z.object({ id: z.string(), hash: z.string() }),
    query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
    produces: 'redirect',
    response: z.null(),
  }),
  profile: route({
    method: 'GET',
    path: '/api/user/profile',
    tag: 'Account',
    access: 'session',
    summary: 'The profile',
    response: okBody(profileSchema),
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/api/user/profile',
    tag: 'Account',
    access: 'session',
    summary: 'Change the profile (a new email address must be verified again)',
    body: profileBody(t).extend({
      ...phoneFields,
      current_password: z.string().optional().meta({ description: 'Required when the email address changes.' }),
    }),
    response: okBody(profileSchema),
    errors: [422],
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/user/change-password',
    tag: 'Account',
    access: 'session',
    summary: 'Change the password',
    body: changePasswordBody(t, rule),
    response: done,
    errors: [422],
    rateLimited: true,
  }),
  newsletter: route({
    method: 'POST',
    path: '/api/newsletter/subscribe',
    tag: 'Content',
    access: 'public',
    summary:
      'Ask for the newsletter: mails a confirmation link (the same answer for new, pending and subscribed addresses)',
    body: newsletterBody,
    response: okBody(z.object({ email: z.string() })),
    errors: [422],
    rateLimited: true,
  }),
  newsletterConfirm: route({
    method: 'GET',
    path: '/api/newsletter/confirm/:id',
    tag: 'Content',
    access: 'public',
    summary: 'The mailed newsletter link: confirms and redirects to the outcome page',
    params: z.object({ id: z.string() }),
    query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
    produces: 'redirect',
    response: z.null(),
  }),
  contact: route({
    method: 'POST',
    path: '/api/contact-us',
    tag: 'Content',
    access: 'public',
    summary: 'Send a message to the shop',
    body: contactBody(t).extend(phoneFields),
    response: done,
    errors: [422],
    rateLimited: true,
  }),
  reviews: route({
    method: 'GET',
    path: '/api/products/:id/reviews',
    tag: 'Reviews',
    access: 'public',
    summary: "A product's reviews, newest first (20 a page)",
    params: reviewProductParam,
    query: reviewPageQuery,
    response: okBody(z.array(reviewSchema), { summary: reviewSummarySchema }),
    errors: [422],
  }),
  addReview: route({
    method: 'POST',
    path: '/api/products/:id/reviews',
    tag: 'Reviews',
    access: 'verified',
    summary: 'Review a bought product (once)',
    params: reviewProductParam,
    body: reviewBody(t),
    response: okBody(reviewSchema, { summary: reviewSummarySchema }),
    status: 201,
    errors: [404, 409, 422],
  }),
} as const;
