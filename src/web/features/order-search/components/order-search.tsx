import {
  criteriaOf,
  emptyOrderSearch,
  ORDER_SEARCH_LABELS,
  type OrderSearchValues,
  valuesFromParams,
} from '@domain/order-search/search';
import { CSV_EXPORT_MAX_ROWS } from '@domain/platform/csv';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@web/components/empty-state';
import { errorMessage } from '@web/lib/api-client';
import { formatCount } from '@web/lib/format';
import { useLayoutTier } from '@web/lib/use-layout-tier';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { orderExportUrl, useOrderSearch } from '../api/order-search';
import { OrderResults } from './order-results';
import { OrderSearchForm } from './order-search-form';

/**
 * /orders (spec 2 §2 Order search). The criteria live in the URL, so a search can be bookmarked
 * and shared and the back button steps between searches; without criteria the newest orders show.
 */
export function OrderSearch() {
  const [params, setParams] = useSearchParams();
  const searched = useMemo(() => valuesFromParams(params), [params]);
  const criteria = useMemo(() => criteriaOf(searched), [searched]);
  const [values, setValues] = useState<OrderSearchValues>(searched);
  // Back/forward or a pasted link: the form shows the URL's criteria.
  useEffect(() => setValues(searched), [searched]);

  const search = useDeferredValue(useOrderSearch(criteria));
  const phone = useLayoutTier() === 'phone';
  const rows = search.data?.pages.flatMap((p) => p.data.processedOrders) ?? [];
  // On a phone the form is as tall as the screen: once a search has run it folds into one line.
  const [editing, setEditing] = useState(false);
  const folded = phone && criteria.length > 0 && !editing;

  const runSearch = (next: OrderSearchValues) => {
    setEditing(false);
    const query = new URLSearchParams(criteriaOf(next));
    if (query.toString() === params.toString()) void search.refetch();
    else setParams(query);
  };

  return (
    <>
      {folded ? (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 2, display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {criteria.map(([f, v]) => `${ORDER_SEARCH_LABELS[f]}: ${v}`).join(' · ')}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
            Change search
          </Button>
        </Paper>
      ) : (
        <OrderSearchForm
          values={values}
          onChange={setValues}
          onSearch={runSearch}
          onClear={() => {
            setValues(emptyOrderSearch());
            if (params.toString()) setParams(new URLSearchParams());
          }}
        />
      )}
      <Box sx={{ minHeight: 4, mb: 1 }}>
        {search.isFetching && !search.isPending && <LinearProgress aria-label="Searching" />}
      </Box>
      {search.isPending ? (
        <Box
          role="status"
          aria-label="Searching orders"
          sx={{ display: 'grid', placeItems: 'center', py: 6 }}
        >
          <CircularProgress />
        </Box>
      ) : search.isError ? (
        // spec 2 §7: a failed search shows an empty list; the reason is said beside it.
        <>
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(search.error, 'The search failed. Please try again.')}
          </Alert>
          <EmptyState icon={<SearchOffOutlined />} title="No orders to show" />
        </>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<SearchOffOutlined />}
          title="No orders match this search"
          description="Check the numbers, or remove a criterion to widen the search."
        />
      ) : (
        <>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1,
              mb: 1,
            }}
          >
            <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
              {criteria.length === 0 ? 'Newest orders · ' : ''}
              {formatCount(rows.length)} {rows.length === 1 ? 'order' : 'orders'} shown
              {search.hasNextPage ? ' · more available' : ''} · Export CSV holds every match, up to{' '}
              {formatCount(CSV_EXPORT_MAX_ROWS)}
            </Typography>
            <Button
              variant="outlined"
              size="small"
              startIcon={<FileDownloadOutlined />}
              href={orderExportUrl(criteria)}
              download={csvName(criteria)}
            >
              Export CSV
            </Button>
          </Box>
          <OrderResults
            rows={rows}
            hasMore={search.hasNextPage}
            onLoadMore={() => search.fetchNextPage()}
            loadingMore={search.isFetchingNextPage}
          />
        </>
      )}
    </>
  );
}

function csvName(criteria: [string, string][]): string {
  const words = criteria.map(([, v]) => v.replace(/[^\w-]+/g, '_')).join('-');
  return `orders${words ? `-${words.slice(0, 60)}` : ''}.csv`;
}
