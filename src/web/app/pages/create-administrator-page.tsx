import { PageHeader } from '@web/components/page-header';
import { CreateStaffUserForm } from '@web/features/administrators/components/create-staff-user-form';
import { useSession } from '@web/features/auth/api/session';
import { useNavigate } from 'react-router';

export function CreateAdministratorPage() {
  const navigate = useNavigate();
  const session = useSession();
  const toList = () => navigate('/administrators');
  return (
    <>
      <PageHeader
        title="Create administrator"
        breadcrumbs={[{ label: 'Administrators', to: '/administrators' }, { label: 'Create' }]}
      />
      <CreateStaffUserForm
        granter={session.role ? { ...session, role: session.role } : null}
        onCreated={toList}
        onCancel={toList}
      />
    </>
  );
}
