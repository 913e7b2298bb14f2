import { type AuditFilters, AuditLog } from '@web/features/accounts/components/audit-log';
import { useParams, useSearchParams } from 'react-router';

/** `/customers/{uid}/audit?collection=&changedBy=&page=`: the filters live in the URL to share a view. */
export function CustomerAuditPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page'));
  const filters: AuditFilters = {
    collection: params.get('collection') ?? '',
    changedBy: params.get('changedBy') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const onChange = (next: AuditFilters) => {
    const search = new URLSearchParams();
    if (next.collection) search.set('collection', next.collection);
    if (next.changedBy) search.set('changedBy', next.changedBy);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  return <AuditLog key={id} uid={id} filters={filters} onChange={onChange} />;
}
