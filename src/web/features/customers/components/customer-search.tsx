import { ACCOUNT_TYPE_FILTERS } from '@domain/customers/account-types';
import { NO_MATCHES_MESSAGE } from '@domain/customers/constants';
import { CSV_EXPORT_MAX_ROWS } from '@domain/platform/csv';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ColumnChoiceButton, useColumnChoice } from '@web/components/data-table';
import { EmptyState } from '@web/components/empty-state';
import { Loading } from '@web/components/loading';
import { SearchField } from '@web/components/search-field';
import { errorMessage } from '@web/lib/api-client';
import { formatCount } from '@web/lib/format';
import { customerExportUrl, useCustomerSearch } from '../api/customers';
import { useSearchQuery } from '../hooks/use-search-query';
import { CUSTOMER_RESULT_COLUMNS, SearchResults } from './search-results';

/** /customers (spec 1 §2 Customer search): one box, name or account number, paged from 1. */
export function CustomerSearch() {
  const { text, setText, q, accountType, setAccountType } = useSearchQuery();
  const search = useCustomerSearch(q, accountType);
  const rows = search.data?.pages.flatMap((p) => p.data) ?? [];
  const choice = useColumnChoice('customer-search', CUSTOMER_RESULT_COLUMNS);

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Box sx={{ flex: '1 1 320px', maxWidth: 560, '& .MuiTextField-root': { width: '100%' } }}>
          <SearchField label="Name, email or account number" value={text} onChange={setText} autoFocus />
        </Box>
        <TextField
          select
          size="small"
          label="Account type"
          value={accountType}
          onChange={(e) => setAccountType(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All types</MenuItem>
          {ACCOUNT_TYPE_FILTERS.map((t) => (
            <MenuItem key={t.key} value={t.key}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        {rows.length > 0 && (
          <ColumnChoiceButton columns={CUSTOMER_RESULT_COLUMNS} choice={choice} size="medium" />
        )}
        {rows.length > 0 && (
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            href={customerExportUrl(q, accountType)}
            download={`customers-${q.replace(/[^\w-]+/g, '_')}.csv`}
          >
            Export CSV
          </Button>
        )}
      </Box>
      <Box sx={{ minHeight: 4, mb: 1 }}>{search.isFetching && <LinearProgress aria-label="Searching" />}</Box>
      {!q ? (
        <EmptyState
          icon={<PersonSearchOutlined />}
          title="Find a customer"
          description="Type a first or last name, “first last”, the start of an email, or an account number (123 or M123)."
        />
      ) : search.isError ? (
        <Alert severity="error">{errorMessage(search.error, 'The search failed. Please try again.')}</Alert>
      ) : search.isPending ? (
        <Loading label="Searching" />
      ) : rows.length === 0 ? (
        <EmptyState icon={<SearchOffOutlined />} title={NO_MATCHES_MESSAGE} />
      ) : (
        <>
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mb: 1 }}>
            {formatCount(rows.length)} {rows.length === 1 ? 'customer' : 'customers'} shown
            {search.hasNextPage ? ' · more available' : ''} · Export CSV holds every match, up to{' '}
            {formatCount(CSV_EXPORT_MAX_ROWS)}
          </Typography>
          <SearchResults
            rows={rows}
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
