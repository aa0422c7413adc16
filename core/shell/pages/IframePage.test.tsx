import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '../../i18n/kernel';
import IframePage, { safeFrameSrc } from './IframePage';

describe('iframe host', () => {
  beforeAll(() => {
    // happy-dom would really fetch the framed page; the test is about the host, not the page.
    const happyDOM = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM;
    if (happyDOM) happyDOM.settings.disableIframePageLoading = true;
  });
  // ...and reports that it did not load the page, which is expected here.
  beforeEach(() => {
    rs.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    rs.restoreAllMocks();
  });

  it('accepts http(s) and same-site paths only', () => {
    const origin = 'https://admin.example';
    expect(safeFrameSrc('https://arco.design/docs', origin)).toBe('https://arco.design/docs');
    expect(safeFrameSrc('http://localhost:8108/ureport', origin)).toBe('http://localhost:8108/ureport');
    expect(safeFrameSrc('/about.html', origin)).toBe('https://admin.example/about.html');
    expect(safeFrameSrc('javascript:alert(1)', origin)).toBeNull();
    expect(safeFrameSrc(' JavaScript:alert(1)', origin)).toBeNull();
    expect(safeFrameSrc('data:text/html,<script>x</script>', origin)).toBeNull();
    expect(safeFrameSrc('//evil.example/x', origin)).toBeNull();
    expect(safeFrameSrc('about.html', origin)).toBeNull();
    expect(safeFrameSrc(null, origin)).toBeNull();
  });

  it('shows the page with a loading indicator, or refuses with a message', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/myiframe/about.html?name=%E5%85%B3%E4%BA%8E&src=%2Fabout.html']}>
        <IframePage />
      </MemoryRouter>,
    );
    expect(screen.getByTitle('关于').getAttribute('src')).toMatch(/\/about\.html$/);
    expect(screen.getByText('页面加载中…')).toBeTruthy();
    unmount();
    render(
      <MemoryRouter initialEntries={['/myiframe/x?src=javascript%3Aalert(1)']}>
        <IframePage />
      </MemoryRouter>,
    );
    expect(screen.getByText('不允许在页面中打开这个地址')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
