import type { DownlineNode, GenealogyTree } from '@domain/customers/customer';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LoadError } from '@web/components/loading';
import { formatCount } from '@web/lib/format';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDownline } from '../api/customers';
import { customerPath, typeLabel } from './labels';

// A browsable genealogy tree (spec 1 §2 Customer screens): two levels per request; a deeper branch loads its own
// two levels when opened.

const LEVELS = 2;

function Branch({ nodes, all, tree }: { nodes: DownlineNode[]; all: DownlineNode[]; tree: GenealogyTree }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: 2 }}>
      {nodes.map((n) => (
        <Node
          key={n.uid}
          node={n}
          loaded={all.filter((c) => c.parentPhoenixId === n.phoenixId)}
          all={all}
          tree={tree}
        />
      ))}
    </Box>
  );
}

function Node({
  node,
  loaded,
  all,
  tree,
}: {
  node: DownlineNode;
  loaded: DownlineNode[];
  all: DownlineNode[];
  tree: GenealogyTree;
}) {
  const [open, setOpen] = useState(false);
  const hasChildren = node.directCount > 0;
  return (
    <li>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 36 }}>
        <Box sx={{ width: 32, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
          {hasChildren && (
            <IconButton
              size="small"
              aria-expanded={open}
              aria-label={`${open ? 'Collapse' : 'Expand'} ${node.fullName}`}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
            </IconButton>
          )}
        </Box>
        <Link component={RouterLink} to={customerPath(node.uid)}>
          {node.fullName}
        </Link>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {node.phoenixId} · {typeLabel(node.userType)}
          {hasChildren ? ` · ${formatCount(node.directCount)} direct` : ''}
        </Typography>
      </Box>
      {open &&
        (loaded.length > 0 ? (
          <Branch nodes={loaded} all={all} tree={tree} />
        ) : (
          <SubTree uid={node.uid} tree={tree} />
        ))}
    </li>
  );
}

function SubTree({ uid, tree }: { uid: string; tree: GenealogyTree }) {
  const downline = useDownline(uid, tree, LEVELS);
  if (downline.isPending) return <CircularProgress size={20} aria-label="Loading downline" sx={{ ml: 5 }} />;
  if (downline.isError) return <LoadError error={downline.error} />;
  const { nodes, truncated } = downline.data.data;
  if (nodes.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', pl: 2 }}>
        No one below this account.
      </Typography>
    );
  }
  return (
    <>
      <Branch nodes={nodes.filter((n) => n.level === 1)} all={nodes} tree={tree} />
      {truncated && (
        <Typography variant="caption" sx={{ color: 'text.secondary', pl: 2 }}>
          Showing the first {nodes.length} accounts of this branch.
        </Typography>
      )}
    </>
  );
}

export function DownlineTree({ uid }: { uid: string }) {
  const [tree, setTree] = useState<GenealogyTree>('sponsor');
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={tree}
        aria-label="Genealogy tree"
        onChange={(_e, value: GenealogyTree | null) => value && setTree(value)}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="sponsor">Sponsor tree</ToggleButton>
        <ToggleButton value="enroller">Enroller tree</ToggleButton>
      </ToggleButtonGroup>
      <Box
        sx={{ ml: -2 }}
        aria-label={`${tree === 'sponsor' ? 'Sponsor' : 'Enroller'} downline`}
        role="group"
      >
        <SubTree key={tree} uid={uid} tree={tree} />
      </Box>
    </>
  );
}
