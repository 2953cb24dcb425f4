import { z } from 'zod';

/** The paged list envelope of 000 §3. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    current_page: z.number().int(),
    data: z.array(item),
    first_page_url: z.string(),
    from: z.number().int().nullable(),
    last_page: z.number().int(),
    last_page_url: z.string(),
    next_page_url: z.string().nullable(),
    path: z.string(),
    per_page: z.number().int(),
    prev_page_url: z.string().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
  });
}

/** Builds the envelope from one page of rows; urls keep the other query parameters. */
export function buildPage<T>(args: {
  rows: T[];
  total: number;
  page: number;
  perPage: number;
  path: string;
  query?: Record<string, string | number | undefined>;
}): {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
} {
  const { rows, total, page, perPage, path } = args;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(args.query ?? {})) {
      if (v !== undefined && v !== '' && k !== 'page') params.set(k, String(v));
    }
    params.set('page', String(p));
    return `${path}?${params.toString()}`;
  };
  const from = rows.length ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    data: rows,
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    next_page_url: page < lastPage ? url(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? url(page - 1) : null,
    to: from === null ? null : from + rows.length - 1,
    total,
  };
}
