// A call a route can start ahead of its screen (screen-starts.ts): a GET as its path and query
// (empty values are left out of the URL), or a read sent as a POST, marked as one, with its body.

export type GetCall = readonly [
  path: string,
  query?: Readonly<Record<string, string | number | boolean | null>>,
];

export type PostCall = readonly [method: 'POST', path: string, body: Readonly<Record<string, unknown>>];
