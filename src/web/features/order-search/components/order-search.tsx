import {
  criteriaOf,
  DEFAULT_ORDER_SORT,
  emptyOrderSearch,
  FIRST_DIRECTION,
  ORDER_SEARCH_DIRECTIONS,
  ORDER_SEARCH_LABELS,
  ORDER_SEARCH_SORTS,
  type OrderSearchDirection,
  type OrderSearchSort,
  type OrderSearchValues,
  SORT_LABELS,
  sortFromParams,
  sortParams,
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ColumnChoiceButton, useColumnChoice } from '@web/components/data-table';
import { EmptyState } from '@web/components/empty-state';
import { errorMessage } from '@web/lib/api-client';
import { formatCount } from '@web/lib/format';
import { useLayoutTier } from '@web/lib/use-layout-tier';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { orderExportUrl, useOrderSearch } from '../api/order-search';
import { ORDER_RESULT_COLUMNS, OrderResults } from './order-results';
import { OrderSearchForm } from './order-search-form';

/**
 * /orders (spec 2 §2 Order search). The criteria and the sort live in the URL, so a search can be
 * bookmarked and shared and the back button steps between searches; without criteria the newest
 * orders show. The columns shown are a choice kept in this browser.
 */
export function OrderSearch() {
  const [params, setParams] = useSearchParams();
  const searched = useMemo(() => valuesFromParams(params), [params]);
  const criteria = useMemo(() => criteriaOf(searched), [searched]);
  const [values, setValues] = useState<OrderSearchValues>(searched);
  // Back/forward or a pasted link: the form shows the URL's criteria.
  useEffect(() => setValues(searched), [searched]);

  const sort = useMemo(() => sortFromParams(params), [params]);
  const sorting = useMemo(() => sortParams(sort.sort, sort.direction), [sort]);
  const choice = useColumnChoice('order-search', ORDER_RESULT_COLUMNS);

  const search = useDeferredValue(useOrderSearch(criteria, sorting));
  const phone = useLayoutTier() === 'phone';
  const rows = search.data?.pages.flatMap((p) => p.data.processedOrders) ?? [];
  // On a phone the form is as tall as the screen: once a search has run it folds into one line.
  const [editing, setEditing] = useState(false);
  const folded = phone && criteria.length > 0 && !editing;

  const runSearch = (next: OrderSearchValues) => {
    setEditing(false);
    const query = new URLSearchParams([...criteriaOf(next), ...sorting]);
    if (query.toString() === params.toString()) void search.refetch();
    else setParams(query);
  };
  /** The same search in another order (a header, or the phone's Sort list). */
  const setSort = (by: OrderSearchSort, direction: OrderSearchDirection) =>
    setParams(new URLSearchParams([...criteria, ...sortParams(by, direction)]));
  // A header sorts by its column (its first direction), or the other way when it already does.
  const onSort = (key: string) => {
    const by = key as OrderSearchSort;
    const direction = by === sort.sort ? (sort.direction === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[by];
    setSort(by, direction);
  };
  const isDefaultSort =
    sort.sort === DEFAULT_ORDER_SORT.sort && sort.direction === DEFAULT_ORDER_SORT.direction;

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
            if (criteria.length > 0) setParams(new URLSearchParams(sorting));
          }}
        />
      )}
      <Box sx={{ minHeight: 4, mb: 1 }}>
        {search.isFetching && !search.isPending && <LinearProgress aria-label="Searching" />}
      </Box>
      {search.isPending ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Searching orders" />
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
              {criteria.length === 0 && isDefaultSort ? 'Newest orders · ' : ''}
              {formatCount(rows.length)} {rows.length === 1 ? 'order' : 'orders'} shown
              {isDefaultSort ? '' : `, ${SORT_LABELS[sort.sort][sort.direction]}`}
              {search.hasNextPage ? ' · more available' : ''} · Export CSV holds every match, up to{' '}
              {formatCount(CSV_EXPORT_MAX_ROWS)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              {phone && (
                // Cards have no headers: on a phone the sort is a list of its own.
                <TextField
                  select
                  size="small"
                  label="Sort"
                  value={`${sort.sort} ${sort.direction}`}
                  onChange={(e) => {
                    const [by, direction] = e.target.value.split(' ') as [
                      OrderSearchSort,
                      OrderSearchDirection,
                    ];
                    setSort(by, direction);
                  }}
                  slotProps={{ select: { native: true } }}
                >
                  {ORDER_SEARCH_SORTS.flatMap((by) =>
                    ORDER_SEARCH_DIRECTIONS.map((direction) => (
                      <option key={`${by} ${direction}`} value={`${by} ${direction}`}>
                        {SORT_LABELS[by][direction].replace(/^./, (c) => c.toUpperCase())}
                      </option>
                    )),
                  )}
                </TextField>
              )}
              <ColumnChoiceButton columns={ORDER_RESULT_COLUMNS} choice={choice} />
              <Button
                variant="outlined"
                size="small"
                startIcon={<FileDownloadOutlined />}
                href={orderExportUrl(criteria, sorting)}
                download={csvName(criteria)}
              >
                Export CSV
              </Button>
            </Box>
          </Box>
          <OrderResults
            rows={rows}
            sort={{ key: sort.sort, direction: sort.direction, onSort }}
            hidden={choice.hidden}
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
