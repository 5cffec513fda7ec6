"""The README's Python example runs as written: the ```python block of its
"## Python" section is run from the source tree, and each print's output
equals the comment written after it ("print(x)   # what it prints")."""

import contextlib
import io
import os
import re
import unittest

import sepax

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')


def readme_example():
    text = open(os.path.join(ROOT, 'README.md'), encoding='utf-8').read()
    section = text[text.index('\n## Python\n'):]
    section = section[:section.index('\n## ', 1)]
    return re.search(r'```python\n(.*?)```', section, re.S).group(1)


class TestReadmeExample(unittest.TestCase):
    def test_prints_what_its_comments_say(self):
        if not sepax.has_io:
            self.skipTest('built without sepax_io: no mesh files')
        if sepax.precision != 'double':
            self.skipTest("the README's numbers are the double build's")
        code = readme_example()
        expected = [m.group(1).strip() for m in re.finditer(r'^print\(.*\)\s+# (.*)$', code, re.M)]
        self.assertGreaterEqual(len(expected), 2)
        out = io.StringIO()
        cwd = os.getcwd()
        try:
            os.chdir(ROOT)
            with contextlib.redirect_stdout(out):
                exec(compile(code, 'README.md', 'exec'), {})
        finally:
            os.chdir(cwd)
        self.assertEqual(out.getvalue().splitlines(), expected)


if __name__ == '__main__':
    unittest.main()
