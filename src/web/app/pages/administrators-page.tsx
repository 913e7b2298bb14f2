import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import { PageHeader } from '@web/components/page-header';
import { StaffList } from '@web/features/administrators/components/staff-list';
import { useSession } from '@web/features/auth/api/session';
import { Link as RouterLink } from 'react-router';

export function AdministratorsPage() {
  const session = useSession();
  return (
    <>
      <PageHeader
        title="Administrators"
        subtitle="Staff of both directories: roles, promo tool access, and who may sign in."
        actions={
          <Button
            component={RouterLink}
            to="/administrators/create"
            variant="contained"
            startIcon={<PersonAddAlt1Outlined />}
          >
            Create administrator
          </Button>
        }
      />
      <StaffList
        currentUserId={session.userInfo?.uid ?? null}
        granter={session.role ? { ...session, role: session.role } : null}
      />
    </>
  );
}
