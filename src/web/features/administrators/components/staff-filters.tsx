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
        // Phones: search, then role and status side by side, then the directory on a row of its
        // own so "Both directories" is never cut; wide screens: all four in one row.
        gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr', md: '2fr 1fr 1fr 1fr' },
        gridTemplateAreas: {
          xs: '"q q" "role status" "directory directory"',
          sm: '"q q q" "role directory status"',
          md: '"q role directory status"',
        },
        '& > :first-of-type': { gridArea: 'q' },
      }}
    >
      <SearchField
        label="Search name or email"
        value={filters.q}
        onChange={(value) => onChange({ q: value })}
      />
      <TextField
        select
        sx={{ gridArea: 'role' }}
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
        sx={{ gridArea: 'directory' }}
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
        sx={{ gridArea: 'status' }}
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
