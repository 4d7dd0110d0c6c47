// What ViewModelRecorder's doc comment assumes: the profile screen's types.
import ProfileSample
