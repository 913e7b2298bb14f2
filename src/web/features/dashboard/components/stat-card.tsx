import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Placeholder } from '@web/components/placeholder';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface StatCardProps {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  /** Extra content under the value (a breakdown). */
  children?: ReactNode;
  /** The list behind the number; the whole card becomes a link. */
  to?: string;
  /** Draws attention when the number means work is waiting. */
  tone?: 'default' | 'attention';
}

export function StatCard({ label, value, caption, children, to, tone = 'default' }: StatCardProps) {
  const content = (
    <CardContent sx={{ height: '100%', p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography
        component="p"
        sx={{
          fontSize: { xs: '1.5rem', sm: '2rem' },
          fontWeight: 600,
          lineHeight: 1.2,
          color: tone === 'attention' ? 'secondary.dark' : 'text.primary',
        }}
      >
        {value}
      </Typography>
      {caption && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {caption}
        </Typography>
      )}
      {children}
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

export function StatCardSkeleton() {
  return (
    <Card sx={{ height: '100%' }} aria-hidden>
      <CardContent>
        <Placeholder text width="50%" />
        <Placeholder text width="35%" height={48} />
        <Placeholder text width="70%" />
      </CardContent>
    </Card>
  );
}
