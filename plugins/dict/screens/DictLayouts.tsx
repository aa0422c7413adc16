import { useState } from 'react';
import { Empty, Grid } from '@arco-design/web-react';
import { type Row, useTranslation } from '../../../core/sdk/browser';
import { ChildList } from './ChildList';
import { ParentList } from './ParentList';
import './dict.css';

/** The entries of the chosen dictionary, or a hint to choose one. */
function Entries({ parent, compact }: { parent: Row | null; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="ba-dict-panel" aria-label={t('dict.childrenOf')}>
      <h3 className="ba-dict-panel-title">{parent ? t('dict.children', { name: String(parent.dictValue ?? parent.code ?? '') }) : t('dict.childrenOf')}</h3>
      {parent ? <ChildList key={String(parent.id)} kind="dict" parent={parent} compact={compact} className="is-flat" /> : <Empty description={t('dict.choose')} />}
    </section>
  );
}

/** /dict-horizontal/index: the system dictionaries and the chosen one's entries side by side (12/12). */
export function DictHorizontalPage() {
  const { t } = useTranslation();
  const [parent, setParent] = useState<Row | null>(null);
  return (
    <div className="ba-dict-layout">
      <Grid.Row gutter={16}>
        <Grid.Col span={12}>
          <section className="ba-dict-panel" aria-label={t('dict.parents')}>
            <h3 className="ba-dict-panel-title">{t('dict.parents')}</h3>
            <ParentList kind="dict" selected={parent} onSelect={setParent} compact className="is-flat" />
          </section>
        </Grid.Col>
        <Grid.Col span={12}>
          <Entries parent={parent} compact />
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}

/** /dict-vertical/index: the system dictionaries above, the chosen one's entries below. */
export function DictVerticalPage() {
  const { t } = useTranslation();
  const [parent, setParent] = useState<Row | null>(null);
  return (
    <div className="ba-dict-layout is-vertical">
      <section className="ba-dict-panel" aria-label={t('dict.parents')}>
        <h3 className="ba-dict-panel-title">{t('dict.parents')}</h3>
        <ParentList kind="dict" selected={parent} onSelect={setParent} className="is-flat" />
      </section>
      <Entries parent={parent} compact={false} />
    </div>
  );
}
