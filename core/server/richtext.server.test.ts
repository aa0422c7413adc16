import { describe, expect, test } from '@rstest/core';
import { FILE_LINK_PREFIX, isImageLink } from '../schema/image-link';
import { FILE_ROUTE } from './oss/store';
import { richTextIsEmpty, sanitizeRichText } from './richtext';

describe('sanitizeRichText', () => {
  test('hostile markup is stripped: scripts with their bodies, event handlers, frames, styles, javascript: links', () => {
    expect(sanitizeRichText('<p>hi<script>alert(1)</script></p>')).toBe('<p>hi</p>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeRichText('<img src="https://a.example/x.png" onerror="alert(1)" onload="alert(2)">')).toBe('<img src="https://a.example/x.png" />');
    expect(sanitizeRichText('<a href="javascript:alert(1)">go</a>')).toBe('<a rel="noopener noreferrer">go</a>');
    expect(sanitizeRichText('<a href=" JaVaScRiPt:alert(1)">go</a>')).toBe('<a rel="noopener noreferrer">go</a>');
    expect(sanitizeRichText('<a href="//evil.example/x">go</a>')).toBe('<a rel="noopener noreferrer">go</a>');
    expect(sanitizeRichText('<a href="data:text/html,<b>x</b>">go</a>')).toBe('<a rel="noopener noreferrer">go</a>');
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><p>after</p>')).toBe('<p>after</p>');
    expect(sanitizeRichText('<p style="position:fixed;top:0" class="x" onclick="steal()">text</p>')).toBe('<p>text</p>');
    expect(sanitizeRichText('<style>body{display:none}</style><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg><object data="x"></object>ok')).toBe('ok');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeRichText('<img src="/api/../../etc/passwd">')).toBe('');
  });

  test('formatting, safe links and pictures are kept; every link gets rel="noopener noreferrer"', () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><b>b</b><em>斜</em><i>i</i><u>下</u><s>删</s><br /><code>x</code></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote><p>引</p></blockquote><pre><code>a &lt; b</code></pre>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<a href="https://example.com/a?b=1" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.cn" target="_top">mail</a>')).toBe('<a href="mailto:a@b.cn" rel="noopener noreferrer">mail</a>');
    expect(sanitizeRichText('<img src="/api/blade-resource/oss/endpoint/file/ab12.png" alt="logo" width="9">')).toBe(
      '<img src="/api/blade-resource/oss/endpoint/file/ab12.png" alt="logo" />',
    );
    expect(sanitizeRichText('<h5>five</h5><table><tr><td>cell</td></tr></table>')).toBe('fivecell');
  });

  test('text that shows nothing is empty; a picture alone is not', () => {
    expect(richTextIsEmpty('<p></p>')).toBe(true);
    expect(richTextIsEmpty('<p> &nbsp; <br /></p>')).toBe(true);
    expect(richTextIsEmpty('<p>a</p>')).toBe(false);
    expect(richTextIsEmpty('<img src="https://a.example/x.png" />')).toBe(false);
  });
});

describe('isImageLink', () => {
  test('the prefix of our links is the file route the server serves', () => {
    expect(FILE_LINK_PREFIX).toBe(`/api${FILE_ROUTE}/`);
  });

  test('links of our file route and http(s) URLs are accepted', () => {
    for (const link of [
      '/api/blade-resource/oss/endpoint/file/0123abcd.png',
      '/api/blade-resource/oss/endpoint/file/a_b-c.jpg',
      'https://cdn.example.com/a/b.png?x=1&y=2',
      'http://example.com/p.jpg',
      'HTTPS://EXAMPLE.COM/P.JPG',
    ]) {
      expect([link, isImageLink(link)]).toEqual([link, true]);
    }
  });

  test('anything else is refused: other schemes, other paths, traversal, spaces and quotes', () => {
    for (const link of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      '/api/blade-system/user/list',
      '/api/blade-resource/oss/endpoint/file/../../x',
      '/api/blade-resource/oss/endpoint/file/a/b.png',
      '/api/blade-resource/oss/endpoint/file/',
      'https://a.example/x.png" onerror="alert(1)',
      "https://a.example/x'.png",
      'https://a.example/a b.png',
      'https://a.example/<x>.png',
      'https://',
      'ftp://a.example/x.png',
      'x.png',
    ]) {
      expect([link, isImageLink(link)]).toEqual([link, false]);
    }
  });
});
