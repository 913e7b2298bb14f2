import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@web/components/page-header';
import { useAllRules } from '@web/features/promos/api/promos';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

const ENTRIES: { to: string; title: string; text: string; icon: ReactNode }[] = [
  {
    to: '/promos/list',
    title: 'Promo list',
    text: 'Every rule in drafts, pending, active and production: filter, search and export.',
    icon: <ListAltOutlined />,
  },
  {
    to: '/promos/tool',
    title: 'Promo tool',
    text: 'Create and edit rules as JSON, simulate a cart, deploy, and bulk-edit SKUs.',
    icon: <BuildOutlined />,
  },
  {
    to: '/promos/create',
    title: 'Create promo',
    text: 'The business form: a promo by name, type, countries, user types and products.',
    icon: <AddBoxOutlined />,
  },
];

/** /promos: the promos area. */
export function PromosPage() {
  const rules = useAllRules();
  const count = (c: string) => rules.data?.filter((r) => r.collection === c).length;
  return (
    <>
      <PageHeader
        title="Promos"
        subtitle={
          rules.data
            ? `${count('drafts')} drafts · ${count('pending')} pending · ${count('active')} active · ${count('production')} in production`
            : 'Promotion rules that price every cart.'
        }
      />
      <Grid container spacing={2}>
        {ENTRIES.map((e) => (
          <Grid key={e.to} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={e.to} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography
                    variant="h6"
                    component="h2"
                    sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
                  >
                    {e.icon}
                    {e.title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                    {e.text}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
