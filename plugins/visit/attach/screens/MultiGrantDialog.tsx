import { Checkbox, Form, Select, Tag } from '@arco-design/web-react';
import { fetchList, fetchQuery, RecordDialog, useRecordDialog, useTranslation } from '../../../../core/sdk/browser';
import { GRANT_STATE } from '../grant-states';
import { attachEntity } from '../index';
import { chosenDays, DaysField, type DaysValues } from './DaysField';
import { decideMany, type Grant, grantsQuery, visitorName } from './grants';

export interface MultiGrantDialogProps {
  /** Whose files: the staff member of the attachment the drawer shows. */
  staffId: string;
  /** The visitor chosen at first (the drawer's first waiting request), if any. */
  visitorId?: string;
  onClose: () => void;
}

interface Choices {
  /** The staff member's visitors who asked for any of the files, newest request first. */
  visitors: { visitorId: string; label: string }[];
  files: { id: string; name: string }[];
  grants: Grant[];
}

type Values = DaysValues & { visitorId?: string; attachIds: string[] };

/** The files a visitor asked for and has not been given: what the dialog ticks when the visitor is chosen. */
const waitingFiles = (grants: readonly Grant[], visitorId: string | undefined) =>
  grants.filter((g) => g.visitorId === visitorId && g.state === GRANT_STATE.requested).map((g) => g.attachId);

/**
 * 批量授权: one visitor (among those who asked for the staff member's files) granted several of that staff
 * member's files at once, for some days (`save/multiFile/authorizationVisit`, one transaction). A file the
 * visitor may see already cannot be ticked: granting it again would refuse them all.
 */
export function MultiGrantDialog({ staffId, visitorId, onClose }: MultiGrantDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const dialog = useRecordDialog<Choices, { visitorId: string; attachIds: string[]; days: number }>({
    load: async () => {
      const [grants, files] = await Promise.all([fetchQuery(grantsQuery({ staffId })), fetchList(attachEntity, { staffId_equal: staffId, size: 200 })]);
      const visitors = new Map<string, string>();
      for (const grant of grants) if (!visitors.has(grant.visitorId)) visitors.set(grant.visitorId, `${visitorName(grant)}${grant.visitorNick ? ` (${grant.visitorId})` : ''}`);
      return {
        grants,
        visitors: [...visitors].map(([id, label]) => ({ visitorId: id, label })),
        files: files.records.map((row) => ({ id: String(row.id), name: String(row.name ?? '') })),
      };
    },
    prepare: async () => {
      const values = await form.validate();
      return { visitorId: values.visitorId!, attachIds: values.attachIds, days: chosenDays(values) };
    },
    save: (body) => decideMany({ ...body, state: GRANT_STATE.granted }),
    success: t('visit.attach.done'),
    onClose,
  });

  return (
    <RecordDialog dialog={dialog} title={t('visit.attach.multiTitle')} width={620} saveLabel={t('visit.attach.grant')} testId="multi-grant-save" submitOnEnter={false}>
      {(choices) => (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 19 }}
          initialValues={{ preset: 7, visitorId, attachIds: waitingFiles(choices.grants, visitorId) }}
          onValuesChange={(changed) => {
            if ('visitorId' in changed) form.setFieldValue('attachIds', waitingFiles(choices.grants, changed.visitorId));
          }}
          className="ba-attach-multi-form"
        >
          <Form.Item field="visitorId" label={t('visit.attach.chooseVisitor')} rules={[{ required: true, message: t('visit.attach.visitorRequired') }]}>
            <Select
              showSearch
              placeholder={t('visit.attach.visitorRequired')}
              options={choices.visitors.map((v) => ({ value: v.visitorId, label: v.label }))}
              notFoundContent={<span className="ba-attach-muted">{t('visit.attach.noVisitors')}</span>}
              filterOption={(input, option) => String((option?.props as { children?: unknown })?.children ?? '').toLowerCase().includes(input.toLowerCase())}
            />
          </Form.Item>
          <Form.Item shouldUpdate noStyle>
            {(values: Values) => {
              const live = new Set(choices.grants.filter((g) => g.visitorId === values.visitorId && g.state === GRANT_STATE.granted).map((g) => g.attachId));
              return (
                <Form.Item
                  field="attachIds"
                  label={t('visit.attach.chooseFiles')}
                  extra={t('visit.attach.filesOfStaff')}
                  rules={[{ type: 'array', minLength: 1, message: t('visit.attach.filesRequired') }]}
                >
                  <Checkbox.Group direction="vertical" className="ba-attach-files">
                    {choices.files.map((file) => (
                      <Checkbox key={file.id} value={file.id} disabled={live.has(file.id)}>
                        {file.name}
                        {live.has(file.id) ? (
                          <Tag size="small" color="green" className="ba-attach-file-tag">
                            {t('visit.attach.liveGrant')}
                          </Tag>
                        ) : null}
                      </Checkbox>
                    ))}
                  </Checkbox.Group>
                </Form.Item>
              );
            }}
          </Form.Item>
          <DaysField />
        </Form>
      )}
    </RecordDialog>
  );
}
