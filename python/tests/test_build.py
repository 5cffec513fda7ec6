"""The package imports from the build and says its version and precision."""

import os
import shutil
import subprocess
import unittest

import numpy as np

import sepax


class TestBuild(unittest.TestCase):
    def test_version_is_meson_project_version(self):
        self.assertEqual(sepax.__version__, os.environ.get('SEPAX_VERSION', sepax.__version__))
        self.assertRegex(sepax.__version__, r'^\d+\.\d+\.\d+')

    def test_precision_and_real(self):
        self.assertIn(sepax.precision, ('double', 'float'))
        expected = os.environ.get('SEPAX_PRECISION')
        if expected:
            self.assertEqual(sepax.precision, expected)
        want = np.float64 if sepax.precision == 'double' else np.float32
        self.assertIs(sepax.real, want)

    @unittest.skipUnless(shutil.which('nm'), 'nm not installed')
    def test_only_pyinit_exported(self):
        out = subprocess.run(['nm', '-D', '--defined-only', sepax._sepax.__file__],
                             capture_output=True, text=True, check=True).stdout
        names = [line.split()[-1] for line in out.splitlines() if line.strip()]
        self.assertEqual(names, ['PyInit__sepax'])


if __name__ == '__main__':
    unittest.main()
