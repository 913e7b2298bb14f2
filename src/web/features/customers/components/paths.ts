// Where customer and order records live in the app (kept import-free: the top bar's jump box uses it).

export const customerPath = (uid: string, tab = 'dashboard') =>
  `/customers/${encodeURIComponent(uid)}/${tab}`;
export const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}/info`;
