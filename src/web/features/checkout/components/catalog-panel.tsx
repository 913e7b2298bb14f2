import { formatMoneyFor } from '@domain/checkout/locale';
import { SORT_OPTIONS } from '@domain/reference/lists';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { LoadError, Loading } from '@web/components/loading';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useState } from 'react';
import { type CatalogFilter, useAddToCart, useCatalog, useCategories } from '../api/checkout';

/** The product list's height: it scrolls past it. */
const PRODUCT_LIST_HEIGHT = 420;

const SORT_LABELS: Record<CatalogFilter['sort'], string> = {
  recommended: 'Recommended',
  'price ascending': 'Price: low to high',
  'price descending': 'Price: high to low',
};

/** Product search with categories and the spec's sort options (spec 2 §2; spec 3 §4, §9). */
export function CatalogPanel({
  cartId,
  localeCode,
  enrollment,
  userType,
}: {
  cartId: string;
  localeCode: string;
  enrollment: boolean;
  /** The customer's user type: the catalog shows the prices this customer pays. */
  userType: number | null;
}) {
  const [q, setQ] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [sort, setSort] = useState<CatalogFilter['sort']>('recommended');
  const search = useDebouncedValue(q, 300);
  const categories = useCategories(localeCode);
  const catalog = useCatalog({ localeCode, q: search, categoryId, sort, enrollment, userType });
  const add = useAddToCart(cartId);
  const alert = useAlert();
  const money = (c: number) => formatMoneyFor(c, localeCode);
  return (
    <SectionCard title="Products">
      {/* The search on its own line, the selects beside each other only when both show their whole value. */}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          mb: 2,
        }}
      >
        <TextField
          size="small"
          label="Search products"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField
          size="small"
          select
          label="Category"
          value={categoryId ?? ''}
          onChange={(e) => setCategoryId(e.target.value === '' ? null : Number(e.target.value))}
        >
          <MenuItem value="">All categories</MenuItem>
          {(categories.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label="Sort by"
          value={sort}
          onChange={(e) => setSort(e.target.value as CatalogFilter['sort'])}
        >
          {SORT_OPTIONS.map((s) => (
            <MenuItem key={s} value={s}>
              {SORT_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {catalog.isPending ? (
        // As tall as the list it becomes (a first page fills it), so nothing below moves when it comes.
        <Box sx={{ minHeight: PRODUCT_LIST_HEIGHT }}>
          <Loading label="Loading products" />
        </Box>
      ) : catalog.isError ? (
        <LoadError error={catalog.error} />
      ) : catalog.data.data.length === 0 ? (
        <Typography color="text.secondary">No products match.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Products"
          sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: PRODUCT_LIST_HEIGHT, overflowY: 'auto' }}
        >
          {catalog.data.data.map((p) => (
            <Box
              component="li"
              key={p.sku}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {p.title}{' '}
                  {p.isNew && (
                    <Typography component="span" variant="caption" color="secondary">
                      New
                    </Typography>
                  )}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  SKU {p.sku} · {money(p.price)}
                  {p.compareAtPrice !== null && (
                    <>
                      {' '}
                      was <s>{money(p.compareAtPrice)}</s>
                    </>
                  )}
                  {!p.inStock && ' · Out of stock'}
                </Typography>
              </Box>
              <Button
                size="small"
                variant="outlined"
                disabled={!p.inStock || add.isPending}
                aria-label={`Add ${p.title}`}
                onClick={() =>
                  add.mutate(
                    { sku: p.sku, quantity: 1 },
                    { onError: (err) => alert.error(errorMessage(err)) },
                  )
                }
              >
                Add
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
