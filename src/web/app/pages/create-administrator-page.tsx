import { PageHeader } from '@web/components/page-header';
import { CreateStaffUserForm } from '@web/features/administrators/components/create-staff-user-form';
import { useNavigate } from 'react-router';

export function CreateAdministratorPage() {
  const navigate = useNavigate();
  const toList = () => navigate('/administrators');
  return (
    <>
      <PageHeader
        title="Create administrator"
        breadcrumbs={[{ label: 'Administrators', to: '/administrators' }, { label: 'Create' }]}
      />
      <CreateStaffUserForm onCreated={toList} onCancel={toList} />
    </>
  );
}
