import { z } from "zod";

/*
 * The JSON API's opt-in paging: `?page=N` of a list. Unlike the HTML listings, which fall back to
 * page 1 for anything they cannot read, the API refuses a malformed page (400 with errors.page).
 */

const PAGE_MESSAGE = "Use a whole number from 1";

const pagingSchema = z.object({
  page: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, PAGE_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, PAGE_MESSAGE))
    .optional(),
});

/** `page` from a query: `{ page: undefined }` when absent, else a page from 1, else a ZodError. */
export function readPaging(params: URLSearchParams) {
  return pagingSchema.safeParse({ page: params.get("page") ?? undefined });
}
