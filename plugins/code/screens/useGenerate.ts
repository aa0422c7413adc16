import { useState } from 'react';
import { Message, Modal } from '@arco-design/web-react';
import { failureText, i18n, saveBlob } from '../../../core/sdk/browser';
import { generateZip } from './api';

/** The zip's name when the answer gives none: the plugin's folder, or all of them. */
const fallbackName = (pluginIds: readonly string[]) => (pluginIds.length === 1 ? `${pluginIds[0]}.zip` : 'plugins.zip');

/**
 * 生成: the records' plugins downloaded as the zip the server names. A refusal (a table gone, a field
 * that no longer fits) is said in a dialog with the server's reason: nothing half-made is saved.
 * `busy` holds the ids being generated, so their buttons show it.
 */
export function useGenerate() {
  const [busy, setBusy] = useState<readonly string[]>([]);
  const generate = async (ids: readonly string[], pluginIds: readonly string[]) => {
    if (ids.length === 0) {
      Message.warning({ id: 'crud:select-one', content: i18n.t('crud.selectOne') });
      return;
    }
    setBusy(ids);
    try {
      const { blob, fileName } = await generateZip(ids, fallbackName(pluginIds));
      saveBlob(blob, fileName);
    } catch (error) {
      Modal.error({ title: i18n.t('code.genFailed'), content: failureText(error), okText: i18n.t('crud.close') });
    } finally {
      setBusy([]);
    }
  };
  return { busy, generate };
}
