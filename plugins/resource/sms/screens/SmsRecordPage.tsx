import { Tooltip } from '@arco-design/web-react';
import { CrudPage } from '../../../../core/sdk/browser';
import { smsRecordEntity } from '../entity';

/**
 * /resource/sms-record (短信记录): the kit's read-only list of messages sent, newest first, with the
 * message text whole on hover (the sandbox's messages are read here: a verification code, say).
 */
export default function SmsRecordPage() {
  return (
    <CrudPage
      entity={smsRecordEntity}
      rowActions={['view']}
      table={{
        cells: {
          content: (value) => (
            <Tooltip content={String(value ?? '')}>
              <span>{String(value ?? '')}</span>
            </Tooltip>
          ),
        },
      }}
    />
  );
}
