"""sepax: collision queries between 3D convex hulls (SAT, GJK, EPA).

The module is built in the library's precision: ``sepax.precision`` is
'double' or 'float' and ``sepax.real`` the matching numpy scalar type.
Every result is in the world frame; axes and normals are unit vectors from
A to B; ``separation`` is signed (> 0 apart, < 0 overlapping).
"""

import sys as _sys

from . import _sepax
from ._sepax import __version__, precision, real
from ._sepax import has_io
from ._sepax import Pose, Poses, Hull, HullStatus, HullError
from ._sepax import TriangleMesh, MeshStatus, MeshError, EdgeKind
from ._sepax import FeatureType, FeatureRef, Ray, Sweep, CastStatus, CastResult, Sphere, Capsule
from ._sepax import ray_cast, ray_cast_scan
from ._sepax import volume, overlap_volume, overlap_samples, VolumeMethod, OverlapVolume
from ._sepax import shapes, sat, gjk, epa, contact, mesh, hull_file

_submodules = ['shapes', 'sat', 'gjk', 'epa', 'contact', 'mesh', 'hull_file']
if has_io:
    from ._sepax import io
    _submodules.append('io')

# The extension's submodules, importable by name (import sepax.mesh).
for _name in _submodules:
    _sys.modules[__name__ + '.' + _name] = getattr(_sepax, _name)

__all__ = ['__version__', 'precision', 'real', 'has_io', 'Pose', 'Poses', 'Hull', 'HullStatus',
           'HullError', 'TriangleMesh', 'MeshStatus', 'MeshError', 'EdgeKind', 'FeatureType', 'FeatureRef',
           'Ray', 'Sweep', 'CastStatus', 'CastResult', 'Sphere', 'Capsule', 'ray_cast',
           'ray_cast_scan', 'volume', 'overlap_volume', 'overlap_samples', 'VolumeMethod',
           'OverlapVolume'] + _submodules
