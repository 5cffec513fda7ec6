"""The example python/examples/separation_path.py runs and tells the story its
docstring tells: along the path the hulls overlap before the meshes touch,
and where they do the meshes are apart by the distance mesh.query gives."""

import os
import re
import subprocess
import sys
import tempfile
import unittest

import sepax

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, '..', 'examples', 'separation_path.py')


def has_matplotlib():
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


class TestSeparationPath(unittest.TestCase):
    def test_hulls_overlap_before_the_meshes_touch(self):
        if not sepax.has_io:
            self.skipTest('built without sepax_io: no mesh files')
        with tempfile.TemporaryDirectory() as d:
            args = [sys.executable, EXAMPLE, '--steps', '120']
            png = os.path.join(d, 'path.png')
            if has_matplotlib():
                args += ['--plot', png]
            out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
            if has_matplotlib():
                with open(png, 'rb') as f:
                    self.assertEqual(f.read(8), b'\x89PNG\r\n\x1a\n')
        hull_x = float(re.search(r'hulls first overlap at x = ([-\d.]+)', out).group(1))
        mesh_x = float(re.search(r'meshes first touch at +x = ([-\d.]+)', out).group(1))
        gap = float(re.search(r'up to ([\d.]+) apart', out).group(1))
        self.assertGreater(hull_x, mesh_x)  # the teapot moves towards smaller x
        self.assertGreater(gap, 0.1)


if __name__ == '__main__':
    unittest.main()
