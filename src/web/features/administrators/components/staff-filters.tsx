import { ROLE_LABELS, STAFF_DIRECTORIES, STAFF_ROLES } from '@domain/auth/roles';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SearchField } from '@web/components/search-field';
import type { StaffFilters as Filters, StaffStatusFilter } from '../hooks/use-staff-filters';

interface StaffFiltersProps {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
}

export function StaffFilters({ filters, onChange }: StaffFiltersProps) {
  return (
    <Box
      role="search"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr 1fr' },
        '& > :first-of-type': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
      }}
    >
      <SearchField
        label="Search name or email"
        value={filters.q}
        onChange={(value) => onChange({ q: value })}
      />
      <TextField
        select
        label="Role"
        size="small"
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        value={filters.role}
        onChange={(event) => onChange({ role: event.target.value as Filters['role'] })}
      >
        <MenuItem value="">All roles</MenuItem>
        {STAFF_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Directory"
        size="small"
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        value={filters.directory}
        onChange={(event) => onChange({ directory: event.target.value as Filters['directory'] })}
      >
        <MenuItem value="">Both directories</MenuItem>
        {STAFF_DIRECTORIES.map((directory) => (
          <MenuItem key={directory} value={directory}>
            {directory}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Status"
        size="small"
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as StaffStatusFilter })}
      >
        <MenuItem value="all">All statuses</MenuItem>
        <MenuItem value="active">Active</MenuItem>
        <MenuItem value="inactive">Inactive</MenuItem>
      </TextField>
    </Box>
  );
}
