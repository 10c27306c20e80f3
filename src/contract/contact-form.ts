import { z } from 'zod';
import { contactMethods, inquiryTypes } from './enums.ts';

/**
 * The retail contact form (issue: messaging): a public page per store, where a customer writes to the store
 * without signing in. Not in the spec's call list: the paths and fields are ours (docs/api.md).
 */

/** What the form page shows of the store, and a signed token that the submission sends back. */
export const contactFormSchema = z.object({
  store: z.object({
    name: z.string(),
    phoneNumber: z.string().nullable(),
    address: z.string().nullable(),
    /** Whether the store texts: without a texting number a customer cannot ask for a text. */
    texts: z.boolean(),
    /** Whether the store takes bookings online: the form then links to its booking page. */
    books: z.boolean(),
  }),
  services: z.array(z.object({ storeServiceId: z.uuid(), name: z.string() })),
  /** Signed by the server when the form was handed out; one message per token, so a resent form is stored once. */
  formToken: z.string(),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const contactFormSubmissionSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter your name').max(200, 'Keep your name under 200 characters'),
    email: optionalTrimmed(254),
    phoneNumber: optionalTrimmed(30),
    preferredContactMethod: contactMethods.schema,
    customerInquiryType: inquiryTypes.schema,
    storeServiceId: z
      .uuid()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    content: z.string().trim().min(1, 'Write your message').max(2000, 'Keep your message under 2,000 characters'),
    formToken: z.string().min(1).max(500),
    /** A field people never see: a bot that fills every field fills it, and its message is dropped. */
    website: z.string().max(500).optional(),
  })
  .strict();
export type ContactFormSubmission = z.input<typeof contactFormSubmissionSchema>;

/** The answer to a submission, the same for a first send and a resend of the same form. */
export const contactFormReceiptSchema = z.object({ received: z.literal(true), replyBy: contactMethods.schema });
export type ContactFormReceipt = z.infer<typeof contactFormReceiptSchema>;
