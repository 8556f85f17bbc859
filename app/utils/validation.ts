import { z } from "zod";

/**
 * Shared field schemas: the HTML forms and the JSON API validate with the same rules.
 */

// ---------------------------------------------------------------------------------------------
// Cart quantities

/** Quantity choices on the product page (spec: 1 to 6 per add). */
export const MAX_ADD_QUANTITY = 6;
/** The most units of one cart line (product, size, colour); adds beyond it are clamped. */
export const MAX_CART_LINE_QUANTITY = 99;

/**
 * A schema's own words for every way a value can be wrong: a missing or null field, an array, an
 * object, another type or none of a union's choices (zod's defaults name its types instead).
 */
export const says = (message: string) => ({ errorMap: () => ({ message }) });

/**
 * A whole number from a form field or JSON body: a JSON integer (3) or decimal digits ("3", as a
 * form sends it), never hex, exponent or fractional text ("0x10", "1e3", "2.0").
 */
const wholeNumber = (message: string) =>
  z.union([z.number(), z.string().trim().min(1, message)], says(message)).transform((v, ctx) => {
    const n = typeof v === "number" ? v : /^-?\d{1,15}$/.test(v) ? Number(v) : NaN;
    if (Number.isSafeInteger(n)) return n;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

/** Quantity for one add to cart: 1 to 6. */
export const quantitySchema = wholeNumber("Choose a quantity from 1 to 6").pipe(
  z
    .number()
    .min(1, "Choose a quantity from 1 to 6")
    .max(MAX_ADD_QUANTITY, "Choose a quantity from 1 to 6"),
);

/** Quantity of a cart line after a change: never below 1. */
export const cartLineQuantitySchema = wholeNumber("Quantity must be a whole number").pipe(
  z
    .number()
    .min(1, "Quantity cannot be less than 1")
    .max(MAX_CART_LINE_QUANTITY, `At most ${MAX_CART_LINE_QUANTITY} of one item`),
);

/**
 * The largest id a row can have: PostgreSQL's `integer` (the id columns of the migrations). A larger
 * number names no row on either engine, and PostgreSQL refuses it in a query (a 500, not a 404).
 */
export const MAX_ID = 2_147_483_647;

/** A database id from a form field, JSON body or URL segment. */
export const idSchema = wholeNumber("Invalid id").pipe(
  z.number().positive("Invalid id").max(MAX_ID, "Invalid id"),
);

// ---------------------------------------------------------------------------------------------
// Text typed by people

export const CONTROL_CHARACTERS_MESSAGE =
  "Remove the control characters (invisible characters such as NUL) from this text";

/**
 * True when `value` has no C0 control character (U+0000 to U+001F) nor DEL: text a person typed.
 * A multi-line field (`multiline`) lets tab, line feed and carriage return through.
 */
export function isPlainText(value: string, { multiline = false } = {}): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x7f) return false;
    if (code >= 0x20) continue;
    if (multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return false;
  }
  return true;
}

/**
 * The shared text field: trimmed, at most `max` characters, no control characters; required when
 * `required` (its message) is given. `multiline` for a textarea's text.
 */
export const text = (max: number, required?: string, { multiline = false } = {}) => {
  const base = z
    .string({
      required_error: required ?? "Required",
      invalid_type_error: required ?? "Must be text",
    })
    .trim()
    .max(max, `At most ${max} characters`);
  return (required ? base.min(1, required) : base).refine(
    (v) => isPlainText(v, { multiline }),
    CONTROL_CHARACTERS_MESSAGE,
  );
};

// ---------------------------------------------------------------------------------------------
// Delivery addresses (India)

/** The 28 states and 8 union territories of India. */
export const INDIAN_STATES = [
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chhattisgarh",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
  "Andaman and Nicobar Islands",
  "Chandigarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Jammu and Kashmir",
  "Ladakh",
  "Lakshadweep",
  "Puducherry",
] as const;

export const DEFAULT_COUNTRY = "India";

/**
 * Typed digits: a string, or a whole number from a JSON client that sent a phone number or PIN
 * code as one (its digits as typed); trimmed, `required` when empty or of another type.
 */
const digits = (required: string) =>
  z
    .union([z.string(), z.number().int().nonnegative()], says(required))
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, required));

/**
 * An Indian mobile number: 10 digits starting 6 to 9, optionally written with +91, 91 or 0 in
 * front and with spaces or hyphens. Kept as the 10 digits.
 */
export const indianMobileSchema = digits("Enter a phone number")
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .regex(/^(?:\+91|91|0)?[6-9]\d{9}$/, "Enter a 10-digit Indian mobile number")
      .transform((v) => v.slice(-10)),
  );

/** A 6-digit PIN code (the first digit is never 0); "400 001" is accepted as 400001. */
export const pinCodeSchema = digits("Enter a PIN code")
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^[1-9]\d{5}$/, "Enter a 6-digit PIN code"));

const stateByName = new Map<string, string>(INDIAN_STATES.map((s) => [s.toLowerCase(), s]));

/** One of INDIAN_STATES, matched without regard to case; kept in its proper spelling. */
export const indianStateSchema = z
  .string({ required_error: "Choose a state", invalid_type_error: "Choose a state" })
  .trim()
  .min(1, "Choose a state")
  .transform((v, ctx) => {
    const state = stateByName.get(v.replace(/\s+/g, " ").toLowerCase());
    if (!state) {
      ctx.addIssue({ code: "custom", message: "Choose a state or union territory of India" });
      return z.NEVER;
    }
    return state;
  });

/** The eight fields of a delivery address (spec: fullName ... country). */
export const addressSchema = z.object({
  fullName: text(100, "Enter the full name"),
  phone: indianMobileSchema,
  address1: text(200, "Enter the address"),
  address2: text(200)
    .nullish()
    .transform((v) => v ?? ""),
  city: text(100, "Enter the city"),
  state: indianStateSchema,
  postalCode: pinCodeSchema,
  country: z
    .string(says("We deliver within India only"))
    .trim()
    .nullish()
    .transform((v) => (v ? v : DEFAULT_COUNTRY))
    .pipe(
      z
        .string()
        .regex(/^india$/i, "We deliver within India only")
        .transform(() => DEFAULT_COUNTRY),
    ),
});

export type AddressInput = z.infer<typeof addressSchema>;
export type AddressField = keyof AddressInput;

/** Field messages from a failed parse: `{ field: first message }`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    out[key] ??= issue.message;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Accounts

/** The spec's message when either field of the signup or login form is empty. */
export const CREDENTIALS_REQUIRED = "Email and password are required";
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only keeps hashing cheap to refuse. Never truncated. */
export const PASSWORD_MAX_LENGTH = 128;

/** An e-mail address, trimmed and lower-cased (addresses are compared without regard to case). */
export const emailSchema = z
  .string({ required_error: CREDENTIALS_REQUIRED, invalid_type_error: CREDENTIALS_REQUIRED })
  .trim()
  .min(1, CREDENTIALS_REQUIRED)
  .max(254, "Enter a valid e-mail address")
  .email("Enter a valid e-mail address")
  .transform((v) => v.toLowerCase());

/** A new password: 8 to 128 characters, kept exactly as typed. */
export const newPasswordSchema = z
  .string({ required_error: CREDENTIALS_REQUIRED, invalid_type_error: CREDENTIALS_REQUIRED })
  .min(1, CREDENTIALS_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The password typed at login: only required (a wrong one fails like any other). */
export const passwordSchema = z
  .string({ required_error: CREDENTIALS_REQUIRED, invalid_type_error: CREDENTIALS_REQUIRED })
  .min(1, CREDENTIALS_REQUIRED)
  .max(PASSWORD_MAX_LENGTH, "Invalid e-mail or password.");

export const signupSchema = z.object({ email: emailSchema, password: newPasswordSchema });
export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ required_error: "Enter your current password" })
    .min(1, "Enter your current password")
    .max(PASSWORD_MAX_LENGTH, "Your current password is not correct."),
  newPassword: z
    .string({ required_error: "Choose a new password" })
    .min(1, "Choose a new password")
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

/** Forgot password: only the e-mail. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({
      required_error: "Enter your e-mail address",
      invalid_type_error: "Enter your e-mail address",
    })
    .trim()
    .min(1, "Enter your e-mail address")
    .max(254, "Enter a valid e-mail address")
    .email("Enter a valid e-mail address")
    .transform((e) => e.toLowerCase()),
});
/** Reset password: the token from the link and the new password. */
export const resetPasswordSchema = z.object({
  token: z
    .string({
      required_error: "The reset link is missing its token",
      invalid_type_error: "This reset link is not valid",
    })
    .min(1, "The reset link is missing its token")
    .max(200, "This reset link is not valid"),
  password: z
    .string({
      required_error: "Choose a new password",
      invalid_type_error: "Choose a new password",
    })
    .min(1, "Choose a new password")
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

/** What an empty login or signup field says next to itself. */
const EMPTY_FIELD: Record<string, string> = {
  email: "Enter your e-mail address",
  password: "Enter your password",
};

/**
 * The field messages of a login or signup form: CREDENTIALS_REQUIRED, the spec's message, is shown
 * once above the form, so an empty field says only that it is empty (and is marked invalid).
 */
export function withoutRequired(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      message === CREDENTIALS_REQUIRED ? (EMPTY_FIELD[field] ?? "Required") : message,
    ]),
  );
}
