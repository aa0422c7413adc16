import { useState } from 'react';
import { Drawer } from '@arco-design/web-react';
import { type Row, useTranslation } from '../../../core/sdk/browser';
import { ChildList } from './ChildList';
import type { DictKind } from './kinds';
import { ParentList } from './ParentList';

/**
 * /system/dict and /system/dictbiz: the dictionaries, and a dictionary's entries in a drawer opened by
 * its "entries" action (as BladeX's 字典配置 does).
 */
export function DictPage({ kind }: { kind: DictKind }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<Row | null>(null);
  return (
    <>
      <ParentList kind={kind} selected={parent} onConfigure={setParent} />
      <Drawer
        className="ba-dict-drawer"
        width="min(1100px, 92vw)"
        visible={parent !== null}
        title={parent ? t('dict.children', { name: String(parent.dictValue ?? parent.code ?? '') }) : ''}
        footer={null}
        onCancel={() => setParent(null)}
        unmountOnExit
      >
        {parent ? <ChildList kind={kind} parent={parent} className="is-flat" /> : null}
      </Drawer>
    </>
  );
}

export function SystemDictPage() {
  return <DictPage kind="dict" />;
}

export function BizDictPage() {
  return <DictPage kind="dictbiz" />;
}
