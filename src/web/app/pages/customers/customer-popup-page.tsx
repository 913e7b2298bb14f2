import { PopupDetailView } from '@web/features/customers/components/popup-detail';
import { useParams } from 'react-router';

export function CustomerPopupPage() {
  const params = useParams();
  return <PopupDetailView uid={params.id ?? ''} popupId={params.popupId ?? ''} />;
}
